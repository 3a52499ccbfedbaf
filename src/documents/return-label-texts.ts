import type { Locale, Translated } from "../domain/i18n/locales.ts";

/** Why a parcel comes back: a withdrawal within the legal period, a voluntary return, or a device under warranty. */
export type ReturnLabelKind = "withdrawal" | "voluntary" | "warranty";

/** A date as a sentence uses it: written out, and its day for languages whose article depends on it. */
export interface LabelDate {
  text: string;
  day: number;
}

/**
 * The fixed texts of a return label and its packing slip in one language. Sender, recipient, date, cut line and the
 * "more items" line use the sale's shipping label's words; order number, item and condition the invoice's.
 */
export interface ReturnLabelTexts {
  /** The document's title, in the PDF's metadata. */
  title: string;
  /** The start of the file name: ASCII only, so that every mail client and file system keeps it. */
  fileName: string;
  /** Large on the label: what kind of return the parcel is. */
  kinds: Record<ReturnLabelKind, string>;
  /** Over the label half. */
  stickOn: string;
  returnNumber: string;
  /** The last day to hand the parcel over, a label over the date. */
  sendBy: string;
  /** Over the packing slip half. */
  putInParcel: string;
  /** Why the slip goes into the parcel. */
  packingNote: string;
  howToPack: string;
  /** Packing steps, numbered on the slip in this order. */
  steps: {
    /** Reset the device and sign out of every account that locks it. */
    wipe: string;
    cards: string;
    /** A returned item comes back with what came with it. */
    accessoriesReturn: string;
    /** A device under warranty comes alone. */
    accessoriesWarranty: string;
    padding: string;
    /** Both halves of the page; with the last day to send the parcel, when there is one. */
    handOver: (sendBy: LabelDate | null) => string;
  };
}

export const RETURN_LABEL_TEXTS: Translated<ReturnLabelTexts> = {
  de: {
    title: "Rücksendeetikett",
    fileName: "Ruecksendeetikett",
    kinds: { withdrawal: "Widerruf", voluntary: "Freiwillige Rückgabe", warranty: "Garantiefall" },
    stickOn: "Diese Hälfte gut sichtbar außen auf das Paket kleben",
    returnNumber: "Rücksendenummer",
    sendBy: "Einsenden bis",
    putInParcel: "Diese Hälfte bitte mit in das Paket legen",
    packingNote: "So können wir deine Rücksendung auch dann zuordnen, wenn das Etikett unterwegs beschädigt wird.",
    howToPack: "So packst du richtig",
    steps: {
      wipe:
        "Setz jedes Gerät auf die Werkseinstellungen zurück und melde alle Konten ab, zum Beispiel „Mein iPhone suchen“ oder dein Google-Konto. " +
        "Solange ein Gerät gesperrt ist, können wir es nicht prüfen.",
      cards: "Nimm SIM- und Speicherkarten heraus.",
      accessoriesReturn: "Leg alles bei, was du mit dem Artikel bekommen hast, etwa Ladekabel und Netzteil.",
      accessoriesWarranty: "Schick uns nur das Gerät; Zubehör brauchen wir nicht, außer es ist selbst defekt.",
      padding: "Verpacke alles gut gepolstert in einem stabilen Karton.",
      handOver: (d) =>
        `Kleb die obere Hälfte dieser Seite auf das Paket, leg die untere hinein und gib das Paket ${d ? `bis spätestens zum ${d.text}` : "möglichst bald"} auf. Bewahre den Einlieferungsbeleg auf.`,
    },
  },
  en: {
    title: "Return label",
    fileName: "return-label",
    kinds: { withdrawal: "Withdrawal", voluntary: "Voluntary return", warranty: "Warranty claim" },
    stickOn: "Stick this half firmly on the outside of the parcel",
    returnNumber: "Return number",
    sendBy: "Send by",
    putInParcel: "Put this half into the parcel",
    packingNote: "It lets us match your return even if the label gets damaged in transit.",
    howToPack: "How to pack",
    steps: {
      wipe: "Reset every device to its factory settings and sign out of all accounts, such as Find My iPhone or your Google account. We cannot check a device while it is locked.",
      cards: "Take out any SIM and memory cards.",
      accessoriesReturn: "Include everything that came with the item, such as the charging cable and power adapter.",
      accessoriesWarranty: "Send us the device only; we do not need accessories unless they are faulty themselves.",
      padding: "Pack everything in a sturdy box with plenty of padding.",
      handOver: (d) =>
        `Stick the top half of this page on the parcel, put the bottom half inside and send the parcel ${d ? `by ${d.text}` : "as soon as you can"}. Keep the proof of postage.`,
    },
  },
  es: {
    title: "Etiqueta de devolución",
    fileName: "etiqueta-de-devolucion",
    kinds: { withdrawal: "Desistimiento", voluntary: "Devolución voluntaria", warranty: "Reclamación de garantía" },
    stickOn: "Pega esta mitad bien visible en el exterior del paquete",
    returnNumber: "Número de devolución",
    sendBy: "Fecha límite de envío",
    putInParcel: "Mete esta mitad dentro del paquete",
    packingNote: "Así podremos identificar tu devolución aunque la etiqueta se dañe durante el transporte.",
    howToPack: "Cómo preparar el paquete",
    steps: {
      wipe:
        "Restablece los ajustes de fábrica de cada dispositivo y cierra todas las cuentas, como «Buscar mi iPhone» o tu cuenta de Google. " +
        "No podemos revisar un dispositivo mientras esté bloqueado.",
      cards: "Retira las tarjetas SIM y de memoria.",
      accessoriesReturn: "Incluye todo lo que recibiste con el artículo, como el cable de carga y el adaptador de corriente.",
      accessoriesWarranty: "Envíanos solo el dispositivo; no necesitamos los accesorios, salvo que sean ellos los que fallen.",
      padding: "Embala todo bien protegido en una caja resistente.",
      handOver: (d) =>
        `Pega la mitad superior de esta hoja en el paquete, mete la mitad inferior dentro y envía el paquete ${d ? `a más tardar el ${d.text}` : "lo antes posible"}. Guarda el justificante de envío.`,
    },
  },
  fr: {
    title: "Étiquette de retour",
    fileName: "etiquette-retour",
    kinds: { withdrawal: "Rétractation", voluntary: "Retour volontaire", warranty: "Demande de garantie" },
    stickOn: "Collez cette moitié bien en vue sur l'extérieur du colis",
    returnNumber: "Numéro de retour",
    sendBy: "Date limite d'envoi",
    putInParcel: "Glissez cette moitié dans le colis",
    packingNote: "Ainsi, nous pourrons identifier votre retour même si l'étiquette est abîmée pendant le transport.",
    howToPack: "Comment préparer votre colis",
    steps: {
      wipe:
        "Réinitialisez chaque appareil aux réglages d'usine et déconnectez tous les comptes, par exemple «\u00a0Localiser mon iPhone\u00a0» ou votre compte Google. " +
        "Nous ne pouvons pas contrôler un appareil verrouillé.",
      cards: "Retirez les cartes SIM et les cartes mémoire.",
      accessoriesReturn: "Joignez tout ce que vous avez reçu avec l'article, comme le câble de charge et l'adaptateur secteur.",
      accessoriesWarranty: "Envoyez-nous uniquement l'appareil\u00a0; nous n'avons pas besoin des accessoires, sauf s'ils sont eux-mêmes défectueux.",
      padding: "Emballez le tout avec soin dans un carton solide, bien calé.",
      handOver: (d) =>
        `Collez la moitié supérieure de cette page sur le colis, glissez la moitié inférieure à l'intérieur et expédiez le colis ${d ? `au plus tard le ${d.text}` : "dès que possible"}. Conservez la preuve de dépôt.`,
    },
  },
  it: {
    title: "Etichetta di reso",
    fileName: "etichetta-reso",
    kinds: { withdrawal: "Recesso", voluntary: "Reso volontario", warranty: "Richiesta di garanzia" },
    stickOn: "Incolla questa metà ben in vista all'esterno del pacco",
    returnNumber: "Numero di reso",
    sendBy: "Spedire entro",
    putInParcel: "Metti questa metà dentro il pacco",
    packingNote: "Così potremo riconoscere il tuo reso anche se l'etichetta si rovina durante il trasporto.",
    howToPack: "Come preparare il pacco",
    steps: {
      wipe:
        "Ripristina le impostazioni di fabbrica di ogni dispositivo ed esci da tutti gli account, per esempio «Trova il mio iPhone» o il tuo account Google. " +
        "Non possiamo controllare un dispositivo finché è bloccato.",
      cards: "Togli le schede SIM e di memoria.",
      accessoriesReturn: "Aggiungi tutto ciò che hai ricevuto con l'articolo, come il cavo di ricarica e l'alimentatore.",
      accessoriesWarranty: "Inviaci solo il dispositivo; gli accessori non ci servono, a meno che non siano difettosi anche loro.",
      padding: "Imballa tutto con cura in una scatola robusta, ben imbottita.",
      handOver: (d) =>
        `Incolla la metà superiore di questa pagina sul pacco, metti dentro quella inferiore e spedisci il pacco ${d ? `entro ${d.day === 8 || d.day === 11 ? "l'" : "il "}${d.text}` : "il prima possibile"}. Conserva la ricevuta di spedizione.`,
    },
  },
  nl: {
    title: "Retourlabel",
    fileName: "retourlabel",
    kinds: { withdrawal: "Herroeping", voluntary: "Vrijwillige retour", warranty: "Garantieclaim" },
    stickOn: "Plak deze helft goed zichtbaar op de buitenkant van het pakket",
    returnNumber: "Retournummer",
    sendBy: "Uiterlijk versturen op",
    putInParcel: "Stop deze helft in het pakket",
    packingNote: "Zo kunnen we je retour ook herkennen als het label onderweg beschadigd raakt.",
    howToPack: "Zo pak je het in",
    steps: {
      wipe:
        "Zet elk apparaat terug naar de fabrieksinstellingen en meld je af bij alle accounts, zoals 'Zoek mijn iPhone' of je Google-account. " +
        "Zolang een apparaat vergrendeld is, kunnen we het niet controleren.",
      cards: "Haal simkaarten en geheugenkaarten eruit.",
      accessoriesReturn: "Stuur alles mee wat je bij het artikel hebt gekregen, zoals de oplaadkabel en de adapter.",
      accessoriesWarranty: "Stuur ons alleen het apparaat; accessoires hebben we niet nodig, tenzij die zelf defect zijn.",
      padding: "Verpak alles goed beschermd in een stevige doos.",
      handOver: (d) =>
        `Plak de bovenste helft van deze pagina op het pakket, stop de onderste helft erin en verstuur het pakket ${d ? `uiterlijk op ${d.text}` : "zo snel mogelijk"}. Bewaar het verzendbewijs.`,
    },
  },
};

export function returnLabelTexts(locale: Locale): ReturnLabelTexts {
  return RETURN_LABEL_TEXTS[locale];
}
