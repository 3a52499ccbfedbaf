import type { Translated } from "../../../domain/i18n/locales.ts";
import type { DateText } from "../../../mail/texts.ts";

export type ReturnDecision = "full_refund" | "partial_refund" | "refused";
export type ClaimRemedy = "repair" | "replacement" | "refund";
export type ClaimDecision = ClaimRemedy | "refused";

/**
 * The fixed texts of the return and warranty claim mails in one language; amounts come formatted. The packing steps
 * are the return label's, the order number, condition and grade names the invoice's.
 */
export interface ReturnMailTexts {
  returnNumber: string;
  claimNumber: string;
  device: string;
  /** Over the link to the order in the customer's account. */
  accountLink: string;
  /** How to reach the shop. */
  help: string;
  /** Under a partial refund or a refusal. */
  disagree: string;
  /** How the money comes back: through the payment method, or by bank transfer for orders paid in advance. */
  way: { provider: string; transfer: string };
  returnCreated: {
    subject: (number: string) => string;
    /** Over the list of items to send back. */
    intro: Record<"withdrawal" | "voluntary", (orderNumber: string) => string>;
    labelAttached: string;
    sendBy: (date: DateText) => string;
    refund: string;
  };
  returnReceived: { subject: (number: string) => string; intro: (number: string, orderNumber: string) => string; inspection: string };
  returnDecided: {
    subject: Record<ReturnDecision, (number: string) => string>;
    /** The amount, when known. */
    full: (number: string, amount: string | null) => string;
    partial: (number: string, amount: string | null) => string;
    partialReason: string;
    refused: (number: string) => string;
    refusedReason: string;
    sentBack: string;
  };
  claimCreated: {
    subject: (number: string) => string;
    intro: (orderNumber: string) => string;
    /** A row label over the solution the customer asked for. */
    remedy: string;
    remedies: Record<ClaimRemedy, string>;
    labelAttached: string;
    send: string;
    decide: string;
  };
  claimDecided: {
    subject: Record<ClaimDecision, (number: string) => string>;
    repair: string;
    replacement: string;
    refund: (amount: string | null) => string;
    refused: string;
    /** Before a note from the technicians, when an accepted claim has one. */
    finding: string;
    refusedReason: string;
    sentBack: string;
  };
  claimRepaired: { subject: (number: string) => string; intro: (carrier: string) => string; track: string };
}

/** Italian elides the article before otto and undici: "entro l'8 marzo", "entro l'11 marzo". */
const italianDate = (date: DateText) => `${date.day === 8 || date.day === 11 ? "l'" : "il "}${date.text}`;

export const RETURN_MAIL_TEXTS: Translated<ReturnMailTexts> = {
  de: {
    returnNumber: "Rücksendenummer",
    claimNumber: "Garantiefall",
    device: "Gerät",
    accountLink: "Den aktuellen Stand siehst du jederzeit in deinem Kundenkonto bei deiner Bestellung:",
    help: "Du hast Fragen? Antworte einfach auf diese E-Mail – wir sind gern für dich da.",
    disagree: "Du hast Fragen dazu oder bist nicht einverstanden? Antworte einfach auf diese E-Mail, dann sehen wir es uns noch einmal an.",
    way: {
      provider: "Das Geld geht über deine Zahlungsart an dich zurück; bis es auf deinem Konto ist, kann es ein paar Tage dauern.",
      transfer: "Wir überweisen den Betrag auf das Konto, von dem du bezahlt hast.",
    },
    returnCreated: {
      subject: (n) => `Deine Rücksendung ${n}: Rücksendeetikett und nächste Schritte`,
      intro: {
        withdrawal: (o) => `wir haben deinen Widerruf zur Bestellung ${o} erhalten. Diese Artikel schickst du uns zurück:`,
        voluntary: (o) => `wir haben deine Rückgabe zur Bestellung ${o} erhalten. Diese Artikel schickst du uns zurück:`,
      },
      labelAttached: "Dein Rücksendeetikett findest du als PDF im Anhang. Druck es aus, kleb die obere Hälfte auf das Paket und leg die untere Hälfte mit hinein.",
      sendBy: (d) => `Bitte gib das Paket bis spätestens zum ${d.text} auf und bewahre den Einlieferungsbeleg auf, bis wir deine Rücksendung bestätigt haben.`,
      refund: "Sobald das Paket bei uns ist, prüfen wir die Artikel. Danach erstatten wir dir den Betrag und sagen dir per E-Mail Bescheid.",
    },
    returnReceived: {
      subject: (n) => `Deine Rücksendung ${n} ist bei uns angekommen`,
      intro: (n, o) => `dein Paket mit der Rücksendung ${n} zur Bestellung ${o} ist bei uns angekommen.`,
      inspection: "Wir prüfen jetzt die Artikel und melden uns, sobald wir damit fertig sind – meist innerhalb weniger Werktage.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Erstattung für deine Rücksendung ${n}`,
        partial_refund: (n) => `Teilerstattung für deine Rücksendung ${n}`,
        refused: (n) => `Deine Rücksendung ${n}: das Ergebnis unserer Prüfung`,
      },
      full: (n, a) => `wir haben die Artikel deiner Rücksendung ${n} geprüft und erstatten dir ${a ? `den vollen Betrag von ${a}` : "den vollen Betrag"}.`,
      partial: (n, a) =>
        `wir haben die Artikel deiner Rücksendung ${n} geprüft. Den vollen Betrag können wir dir leider nicht erstatten; wir erstatten dir ${a ?? "einen Teil davon"}.`,
      partialReason: "Der Grund für den Abzug:",
      refused: (n) => `wir haben die Artikel deiner Rücksendung ${n} geprüft und können die Rücksendung leider nicht annehmen.`,
      refusedReason: "Der Grund:",
      sentBack: "Wir schicken dir die Artikel auf unsere Kosten zurück.",
    },
    claimCreated: {
      subject: (n) => `Dein Garantiefall ${n}: Rücksendeetikett und nächste Schritte`,
      intro: (o) => `wir haben deine Garantieanfrage zur Bestellung ${o} erhalten. Schade, dass mit deinem Gerät etwas nicht stimmt – wir kümmern uns darum.`,
      remedy: "Dein Wunsch",
      remedies: { repair: "Reparatur", replacement: "Ersatzgerät", refund: "Erstattung des Kaufpreises" },
      labelAttached: "Dein Rücksendeetikett findest du als PDF im Anhang. Druck es aus, kleb die obere Hälfte auf das Paket und leg die untere Hälfte mit hinein.",
      send: "Bitte schick uns das Gerät möglichst bald und bewahre den Einlieferungsbeleg auf.",
      decide:
        "Sobald das Gerät bei uns ist, sehen sich unsere Techniker den Fehler an. Danach entscheiden wir, ob wir es reparieren, dir ein Ersatzgerät schicken oder den Kaufpreis erstatten, " +
        "und schreiben dir. Deinen Wunsch berücksichtigen wir dabei, wo immer es geht.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `Dein Garantiefall ${n}: Wir reparieren dein Gerät`,
        replacement: (n) => `Dein Garantiefall ${n}: Du bekommst ein Ersatzgerät`,
        refund: (n) => `Dein Garantiefall ${n}: Erstattung`,
        refused: (n) => `Dein Garantiefall ${n}: das Ergebnis unserer Prüfung`,
      },
      repair:
        "wir haben dein Gerät geprüft, und der Fehler fällt unter die Garantie. Wir reparieren es und schicken es dir danach zurück; sobald es unterwegs ist, bekommst du die Sendungsnummer.",
      replacement: "wir haben dein Gerät geprüft, und der Fehler fällt unter die Garantie. Du bekommst von uns ein gleichwertiges Ersatzgerät; sobald es unterwegs ist, sagen wir dir Bescheid.",
      refund: (a) => `wir haben dein Gerät geprüft, und der Fehler fällt unter die Garantie. Wir erstatten dir ${a ?? "den Kaufpreis"}.`,
      refused: "wir haben dein Gerät geprüft, aber der Fehler fällt leider nicht unter die Garantie.",
      finding: "Unser Befund:",
      refusedReason: "Der Grund:",
      sentBack: "Wir schicken dir das Gerät auf unsere Kosten zurück.",
    },
    claimRepaired: {
      subject: (n) => `Dein Garantiefall ${n}: Dein Gerät ist repariert und unterwegs`,
      intro: (c) => `gute Nachrichten: Wir haben dein Gerät repariert und das Paket an ${c} übergeben.`,
      track: "Hier kannst du dein Paket verfolgen:",
    },
  },
  en: {
    returnNumber: "Return number",
    claimNumber: "Warranty claim",
    device: "Device",
    accountLink: "You can check the latest status on your order's page in your account at any time:",
    help: "Any questions? Just reply to this e-mail – we are happy to help.",
    disagree: "Questions, or do you disagree? Just reply to this e-mail and we will take another look.",
    way: {
      provider: "The money goes back through the payment method you used; it can take a few days to reach your account.",
      transfer: "We will transfer the amount to the account you paid from.",
    },
    returnCreated: {
      subject: (n) => `Your return ${n}: return label and next steps`,
      intro: {
        withdrawal: (o) => `We have received your notice of withdrawal for order ${o}. These are the items to send back:`,
        voluntary: (o) => `We have received your return request for order ${o}. These are the items to send back:`,
      },
      labelAttached: "Your return label is attached as a PDF. Print it, stick the top half on the parcel and put the bottom half inside.",
      sendBy: (d) => `Please send the parcel by ${d.text} and keep the proof of postage until we have confirmed your return.`,
      refund: "Once the parcel reaches us, we will check the items. Then we will refund the amount and let you know by e-mail.",
    },
    returnReceived: {
      subject: (n) => `Your return ${n} has arrived`,
      intro: (n, o) => `The parcel with your return ${n} for order ${o} has reached us.`,
      inspection: "We are now checking the items and will get back to you once we are done – usually within a few working days.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Refund for your return ${n}`,
        partial_refund: (n) => `Partial refund for your return ${n}`,
        refused: (n) => `Your return ${n}: the result of our check`,
      },
      full: (n, a) => `We have checked the items of your return ${n} and are refunding ${a ? `the full amount of ${a}` : "the full amount"}.`,
      partial: (n, a) => `We have checked the items of your return ${n}. Unfortunately we cannot refund the full amount; we are refunding ${a ?? "part of it"}.`,
      partialReason: "The reason for the deduction:",
      refused: (n) => `We have checked the items of your return ${n} and unfortunately cannot accept the return.`,
      refusedReason: "The reason:",
      sentBack: "We will send the items back to you at our expense.",
    },
    claimCreated: {
      subject: (n) => `Your warranty claim ${n}: return label and next steps`,
      intro: (o) => `We have received your warranty claim for order ${o}. We are sorry that something is wrong with your device – we will take care of it.`,
      remedy: "Your preferred solution",
      remedies: { repair: "Repair", replacement: "Replacement device", refund: "Refund of the purchase price" },
      labelAttached: "Your return label is attached as a PDF. Print it, stick the top half on the parcel and put the bottom half inside.",
      send: "Please send us the device as soon as you can and keep the proof of postage.",
      decide:
        "Once the device reaches us, our technicians will look into the fault. We will then decide whether to repair it, send you a replacement or refund the purchase price, " +
        "and let you know. We take your preference into account wherever we can.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `Your warranty claim ${n}: we are repairing your device`,
        replacement: (n) => `Your warranty claim ${n}: you will receive a replacement`,
        refund: (n) => `Your warranty claim ${n}: refund`,
        refused: (n) => `Your warranty claim ${n}: the result of our check`,
      },
      repair: "We have examined your device, and the fault is covered by the warranty. We are repairing it and will send it back to you; you will get the tracking number as soon as it is on its way.",
      replacement: "We have examined your device, and the fault is covered by the warranty. You will receive an equivalent replacement device from us; we will let you know as soon as it is on its way.",
      refund: (a) => `We have examined your device, and the fault is covered by the warranty. We are refunding ${a ?? "the purchase price"}.`,
      refused: "We have examined your device, but unfortunately the fault is not covered by the warranty.",
      finding: "What we found:",
      refusedReason: "The reason:",
      sentBack: "We will send the device back to you at our expense.",
    },
    claimRepaired: {
      subject: (n) => `Your warranty claim ${n}: your device is repaired and on its way`,
      intro: (c) => `Good news: we have repaired your device and handed the parcel over to ${c}.`,
      track: "You can follow your parcel here:",
    },
  },
  es: {
    returnNumber: "Número de devolución",
    claimNumber: "Reclamación de garantía",
    device: "Dispositivo",
    accountLink: "Puedes consultar el estado actual en cualquier momento en tu cuenta, en la página de tu pedido:",
    help: "¿Tienes alguna pregunta? Responde a este correo y te ayudaremos encantados.",
    disagree: "¿Tienes preguntas o no estás de acuerdo? Responde a este correo y lo revisaremos de nuevo.",
    way: {
      provider: "El dinero vuelve por el mismo método de pago que usaste; puede tardar unos días en llegar a tu cuenta.",
      transfer: "Te transferiremos el importe a la cuenta desde la que pagaste.",
    },
    returnCreated: {
      subject: (n) => `Tu devolución ${n}: etiqueta y próximos pasos`,
      intro: {
        withdrawal: (o) => `Hemos recibido tu desistimiento del pedido ${o}. Estos son los artículos que nos devuelves:`,
        voluntary: (o) => `Hemos recibido tu solicitud de devolución del pedido ${o}. Estos son los artículos que nos devuelves:`,
      },
      labelAttached: "Te adjuntamos la etiqueta de devolución en PDF. Imprímela, pega la mitad superior en el paquete y mete la mitad inferior dentro.",
      sendBy: (d) => `Envía el paquete a más tardar el ${d.text} y guarda el justificante de envío hasta que te confirmemos la devolución.`,
      refund: "Cuando recibamos el paquete, revisaremos los artículos. Después te reembolsaremos el importe y te avisaremos por correo.",
    },
    returnReceived: {
      subject: (n) => `Hemos recibido tu devolución ${n}`,
      intro: (n, o) => `El paquete de tu devolución ${n} del pedido ${o} ya ha llegado.`,
      inspection: "Ahora revisaremos los artículos y te escribiremos en cuanto terminemos, normalmente en pocos días laborables.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Reembolso de tu devolución ${n}`,
        partial_refund: (n) => `Reembolso parcial de tu devolución ${n}`,
        refused: (n) => `Tu devolución ${n}: resultado de nuestra revisión`,
      },
      full: (n, a) => `Hemos revisado los artículos de tu devolución ${n} y te reembolsamos ${a ? `el importe íntegro de ${a}` : "el importe íntegro"}.`,
      partial: (n, a) =>
        `Hemos revisado los artículos de tu devolución ${n}. Lamentablemente no podemos reembolsarte el importe íntegro; te reembolsamos ${a ?? "una parte"}.`,
      partialReason: "El motivo de la deducción:",
      refused: (n) => `Hemos revisado los artículos de tu devolución ${n} y, lamentablemente, no podemos aceptarla.`,
      refusedReason: "El motivo:",
      sentBack: "Te enviaremos los artículos de vuelta a nuestro cargo.",
    },
    claimCreated: {
      subject: (n) => `Tu reclamación de garantía ${n}: etiqueta y próximos pasos`,
      intro: (o) => `Hemos recibido tu reclamación de garantía del pedido ${o}. Sentimos que tu dispositivo dé problemas; nos ocupamos de ello.`,
      remedy: "Solución que prefieres",
      remedies: { repair: "Reparación", replacement: "Dispositivo de sustitución", refund: "Reembolso del precio de compra" },
      labelAttached: "Te adjuntamos la etiqueta de devolución en PDF. Imprímela, pega la mitad superior en el paquete y mete la mitad inferior dentro.",
      send: "Envíanos el dispositivo lo antes posible y guarda el justificante de envío.",
      decide:
        "Cuando recibamos el dispositivo, nuestros técnicos examinarán la avería. Después decidiremos si lo reparamos, te enviamos uno de sustitución o te reembolsamos el precio de compra, " +
        "y te escribiremos. Siempre que sea posible, tendremos en cuenta tu preferencia.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `Tu reclamación de garantía ${n}: reparamos tu dispositivo`,
        replacement: (n) => `Tu reclamación de garantía ${n}: recibirás un dispositivo de sustitución`,
        refund: (n) => `Tu reclamación de garantía ${n}: reembolso`,
        refused: (n) => `Tu reclamación de garantía ${n}: resultado de nuestra revisión`,
      },
      repair: "Hemos examinado tu dispositivo y la avería está cubierta por la garantía. Lo repararemos y te lo devolveremos; en cuanto esté en camino, recibirás el número de seguimiento.",
      replacement: "Hemos examinado tu dispositivo y la avería está cubierta por la garantía. Te enviaremos un dispositivo de sustitución equivalente y te avisaremos en cuanto esté en camino.",
      refund: (a) => `Hemos examinado tu dispositivo y la avería está cubierta por la garantía. Te reembolsamos ${a ?? "el precio de compra"}.`,
      refused: "Hemos examinado tu dispositivo, pero lamentablemente la avería no está cubierta por la garantía.",
      finding: "Lo que hemos comprobado:",
      refusedReason: "El motivo:",
      sentBack: "Te devolveremos el dispositivo a nuestro cargo.",
    },
    claimRepaired: {
      subject: (n) => `Tu reclamación de garantía ${n}: tu dispositivo está reparado y en camino`,
      intro: (c) => `Buenas noticias: hemos reparado tu dispositivo y hemos entregado el paquete a ${c}.`,
      track: "Puedes seguir tu paquete aquí:",
    },
  },
  fr: {
    returnNumber: "Numéro de retour",
    claimNumber: "Demande de garantie",
    device: "Appareil",
    accountLink: "Vous pouvez suivre l'état actuel à tout moment dans votre compte client, sur la page de votre commande :",
    help: "Une question ? Répondez simplement à cet e-mail, nous serons ravis de vous aider.",
    disagree: "Une question, ou vous n'êtes pas d'accord ? Répondez simplement à cet e-mail et nous réexaminerons volontiers votre dossier.",
    way: {
      provider: "L'argent vous est rendu par le moyen de paiement utilisé ; quelques jours peuvent passer avant qu'il n'apparaisse sur votre compte.",
      transfer: "Nous virerons le montant sur le compte depuis lequel vous avez payé.",
    },
    returnCreated: {
      subject: (n) => `Votre retour ${n} : étiquette et prochaines étapes`,
      intro: {
        withdrawal: (o) => `Nous avons bien reçu votre rétractation pour la commande ${o}. Voici les articles à nous renvoyer :`,
        voluntary: (o) => `Nous avons bien reçu votre demande de retour pour la commande ${o}. Voici les articles à nous renvoyer :`,
      },
      labelAttached:
        "Vous trouverez votre étiquette de retour en PDF en pièce jointe. Imprimez-la, collez la moitié supérieure sur le colis et glissez la moitié inférieure à l'intérieur.",
      sendBy: (d) => `Merci d'expédier le colis au plus tard le ${d.text} et de conserver la preuve de dépôt jusqu'à ce que nous ayons confirmé votre retour.`,
      refund: "Dès réception du colis, nous contrôlerons les articles. Nous vous rembourserons ensuite le montant et vous en informerons par e-mail.",
    },
    returnReceived: {
      subject: (n) => `Votre retour ${n} nous est parvenu`,
      intro: (n, o) => `Le colis de votre retour ${n} pour la commande ${o} nous est bien parvenu.`,
      inspection: "Nous contrôlons maintenant les articles et reviendrons vers vous dès que ce sera fait, généralement sous quelques jours ouvrés.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Remboursement de votre retour ${n}`,
        partial_refund: (n) => `Remboursement partiel de votre retour ${n}`,
        refused: (n) => `Votre retour ${n} : le résultat de notre contrôle`,
      },
      full: (n, a) => `Nous avons contrôlé les articles de votre retour ${n} et vous remboursons ${a ? `l'intégralité du montant, soit ${a}` : "l'intégralité du montant"}.`,
      partial: (n, a) =>
        `Nous avons contrôlé les articles de votre retour ${n}. Nous ne pouvons malheureusement pas vous rembourser l'intégralité du montant ; nous vous remboursons ${a ?? "une partie"}.`,
      partialReason: "Motif de la déduction :",
      refused: (n) => `Nous avons contrôlé les articles de votre retour ${n} et ne pouvons malheureusement pas l'accepter.`,
      refusedReason: "Motif :",
      sentBack: "Nous vous renvoyons les articles à nos frais.",
    },
    claimCreated: {
      subject: (n) => `Votre demande de garantie ${n} : étiquette et prochaines étapes`,
      intro: (o) => `Nous avons bien reçu votre demande de garantie pour la commande ${o}. Nous sommes désolés que votre appareil pose problème, et nous nous en occupons.`,
      remedy: "Solution souhaitée",
      remedies: { repair: "Réparation", replacement: "Appareil de remplacement", refund: "Remboursement du prix d'achat" },
      labelAttached:
        "Vous trouverez votre étiquette de retour en PDF en pièce jointe. Imprimez-la, collez la moitié supérieure sur le colis et glissez la moitié inférieure à l'intérieur.",
      send: "Merci de nous envoyer l'appareil dès que possible et de conserver la preuve de dépôt.",
      decide:
        "Dès réception, nos techniciens examineront la panne. Nous déciderons ensuite de réparer l'appareil, de vous en envoyer un de remplacement ou de vous rembourser le prix d'achat, " +
        "puis nous vous écrirons. Nous tenons compte de votre souhait dans la mesure du possible.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `Votre demande de garantie ${n} : nous réparons votre appareil`,
        replacement: (n) => `Votre demande de garantie ${n} : vous recevrez un appareil de remplacement`,
        refund: (n) => `Votre demande de garantie ${n} : remboursement`,
        refused: (n) => `Votre demande de garantie ${n} : le résultat de notre contrôle`,
      },
      repair:
        "Nous avons examiné votre appareil, et la panne est couverte par la garantie. Nous le réparons puis vous le renverrons ; vous recevrez le numéro de suivi dès qu'il sera en route.",
      replacement: "Nous avons examiné votre appareil, et la panne est couverte par la garantie. Vous recevrez un appareil de remplacement équivalent ; nous vous préviendrons dès qu'il sera en route.",
      refund: (a) => `Nous avons examiné votre appareil, et la panne est couverte par la garantie. Nous vous remboursons ${a ?? "le prix d'achat"}.`,
      refused: "Nous avons examiné votre appareil, mais la panne n'est malheureusement pas couverte par la garantie.",
      finding: "Notre constat :",
      refusedReason: "Motif :",
      sentBack: "Nous vous renvoyons l'appareil à nos frais.",
    },
    claimRepaired: {
      subject: (n) => `Votre demande de garantie ${n} : votre appareil est réparé et en route`,
      intro: (c) => `Bonne nouvelle : nous avons réparé votre appareil et remis le colis à ${c}.`,
      track: "Vous pouvez suivre votre colis ici :",
    },
  },
  it: {
    returnNumber: "Numero di reso",
    claimNumber: "Richiesta di garanzia",
    device: "Dispositivo",
    accountLink: "Puoi controllare lo stato attuale in qualsiasi momento nel tuo account, nella pagina del tuo ordine:",
    help: "Hai domande? Rispondi semplicemente a questa e-mail: saremo felici di aiutarti.",
    disagree: "Hai domande o non sei d'accordo? Rispondi semplicemente a questa e-mail e riesamineremo volentieri la questione.",
    way: {
      provider: "Il denaro ti viene restituito con il metodo di pagamento che hai usato; possono volerci alcuni giorni prima che arrivi sul tuo conto.",
      transfer: "Ti bonificheremo l'importo sul conto da cui hai pagato.",
    },
    returnCreated: {
      subject: (n) => `Il tuo reso ${n}: etichetta e prossimi passi`,
      intro: {
        withdrawal: (o) => `abbiamo ricevuto il tuo recesso per l'ordine ${o}. Ecco gli articoli da restituirci:`,
        voluntary: (o) => `abbiamo ricevuto la tua richiesta di reso per l'ordine ${o}. Ecco gli articoli da restituirci:`,
      },
      labelAttached: "In allegato trovi l'etichetta di reso in PDF. Stampala, incolla la metà superiore sul pacco e metti quella inferiore all'interno.",
      sendBy: (d) => `Spedisci il pacco entro ${italianDate(d)} e conserva la ricevuta di spedizione finché non ti avremo confermato il reso.`,
      refund: "Quando il pacco arriverà, controlleremo gli articoli. Poi ti rimborseremo l'importo e te lo comunicheremo via e-mail.",
    },
    returnReceived: {
      subject: (n) => `Il tuo reso ${n} è arrivato`,
      intro: (n, o) => `il pacco del tuo reso ${n} per l'ordine ${o} è arrivato da noi.`,
      inspection: "Ora controlliamo gli articoli e ti scriveremo appena avremo finito, di solito entro pochi giorni lavorativi.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Rimborso per il tuo reso ${n}`,
        partial_refund: (n) => `Rimborso parziale per il tuo reso ${n}`,
        refused: (n) => `Il tuo reso ${n}: l'esito del nostro controllo`,
      },
      full: (n, a) => `abbiamo controllato gli articoli del tuo reso ${n} e ti rimborsiamo ${a ? `l'intero importo di ${a}` : "l'intero importo"}.`,
      partial: (n, a) => `abbiamo controllato gli articoli del tuo reso ${n}. Purtroppo non possiamo rimborsarti l'intero importo; ti rimborsiamo ${a ?? "una parte"}.`,
      partialReason: "Il motivo della detrazione:",
      refused: (n) => `abbiamo controllato gli articoli del tuo reso ${n} e purtroppo non possiamo accettarlo.`,
      refusedReason: "Il motivo:",
      sentBack: "Ti rispediremo gli articoli a nostre spese.",
    },
    claimCreated: {
      subject: (n) => `La tua richiesta di garanzia ${n}: etichetta e prossimi passi`,
      intro: (o) => `abbiamo ricevuto la tua richiesta di garanzia per l'ordine ${o}. Ci dispiace che il tuo dispositivo dia problemi: ce ne occupiamo noi.`,
      remedy: "Soluzione preferita",
      remedies: { repair: "Riparazione", replacement: "Dispositivo sostitutivo", refund: "Rimborso del prezzo d'acquisto" },
      labelAttached: "In allegato trovi l'etichetta di reso in PDF. Stampala, incolla la metà superiore sul pacco e metti quella inferiore all'interno.",
      send: "Inviaci il dispositivo il prima possibile e conserva la ricevuta di spedizione.",
      decide:
        "Quando il dispositivo arriverà, i nostri tecnici esamineranno il guasto. Poi decideremo se ripararlo, inviarti un dispositivo sostitutivo o rimborsarti il prezzo d'acquisto, " +
        "e ti scriveremo. Terremo conto della tua preferenza ogni volta che sarà possibile.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `La tua richiesta di garanzia ${n}: ripariamo il tuo dispositivo`,
        replacement: (n) => `La tua richiesta di garanzia ${n}: riceverai un dispositivo sostitutivo`,
        refund: (n) => `La tua richiesta di garanzia ${n}: rimborso`,
        refused: (n) => `La tua richiesta di garanzia ${n}: l'esito del nostro controllo`,
      },
      repair: "abbiamo esaminato il tuo dispositivo e il guasto è coperto dalla garanzia. Lo ripariamo e poi te lo rispediamo; appena sarà in viaggio riceverai il numero di tracking.",
      replacement: "abbiamo esaminato il tuo dispositivo e il guasto è coperto dalla garanzia. Riceverai da noi un dispositivo sostitutivo equivalente; ti avviseremo appena sarà in viaggio.",
      refund: (a) => `abbiamo esaminato il tuo dispositivo e il guasto è coperto dalla garanzia. Ti rimborsiamo ${a ?? "il prezzo d'acquisto"}.`,
      refused: "abbiamo esaminato il tuo dispositivo, ma purtroppo il guasto non è coperto dalla garanzia.",
      finding: "Cosa abbiamo riscontrato:",
      refusedReason: "Il motivo:",
      sentBack: "Ti rispediremo il dispositivo a nostre spese.",
    },
    claimRepaired: {
      subject: (n) => `La tua richiesta di garanzia ${n}: il dispositivo è riparato e in viaggio`,
      intro: (c) => `buone notizie: abbiamo riparato il tuo dispositivo e consegnato il pacco a ${c}.`,
      track: "Puoi seguire il tuo pacco qui:",
    },
  },
  nl: {
    returnNumber: "Retournummer",
    claimNumber: "Garantieclaim",
    device: "Apparaat",
    accountLink: "De actuele status zie je altijd in je account, bij je bestelling:",
    help: "Vragen? Beantwoord gewoon deze e-mail – we helpen je graag.",
    disagree: "Vragen, of ben je het er niet mee eens? Beantwoord gewoon deze e-mail, dan kijken we er nog eens naar.",
    way: {
      provider: "Het geld gaat terug via de betaalmethode die je hebt gebruikt; het kan een paar dagen duren voordat het op je rekening staat.",
      transfer: "We maken het bedrag over naar de rekening waarvan je hebt betaald.",
    },
    returnCreated: {
      subject: (n) => `Je retour ${n}: retourlabel en volgende stappen`,
      intro: {
        withdrawal: (o) => `We hebben je herroeping voor bestelling ${o} ontvangen. Deze artikelen stuur je ons terug:`,
        voluntary: (o) => `We hebben je retourverzoek voor bestelling ${o} ontvangen. Deze artikelen stuur je ons terug:`,
      },
      labelAttached: "Je retourlabel zit als pdf in de bijlage. Print het uit, plak de bovenste helft op het pakket en stop de onderste helft erin.",
      sendBy: (d) => `Verstuur het pakket uiterlijk op ${d.text} en bewaar het verzendbewijs tot we je retour hebben bevestigd.`,
      refund: "Zodra het pakket bij ons is, controleren we de artikelen. Daarna betalen we je het bedrag terug en laten we het je per e-mail weten.",
    },
    returnReceived: {
      subject: (n) => `Je retour ${n} is bij ons aangekomen`,
      intro: (n, o) => `Het pakket met je retour ${n} voor bestelling ${o} is bij ons aangekomen.`,
      inspection: "We controleren nu de artikelen en laten van ons horen zodra we klaar zijn, meestal binnen een paar werkdagen.",
    },
    returnDecided: {
      subject: {
        full_refund: (n) => `Terugbetaling voor je retour ${n}`,
        partial_refund: (n) => `Gedeeltelijke terugbetaling voor je retour ${n}`,
        refused: (n) => `Je retour ${n}: de uitkomst van onze controle`,
      },
      full: (n, a) => `We hebben de artikelen van je retour ${n} gecontroleerd en betalen je ${a ? `het volledige bedrag van ${a}` : "het volledige bedrag"} terug.`,
      partial: (n, a) =>
        `We hebben de artikelen van je retour ${n} gecontroleerd. Helaas kunnen we niet het volledige bedrag terugbetalen; we betalen je ${a ?? "een deel ervan"} terug.`,
      partialReason: "De reden voor de aftrek:",
      refused: (n) => `We hebben de artikelen van je retour ${n} gecontroleerd en kunnen de retour helaas niet accepteren.`,
      refusedReason: "De reden:",
      sentBack: "We sturen de artikelen op onze kosten naar je terug.",
    },
    claimCreated: {
      subject: (n) => `Je garantieclaim ${n}: retourlabel en volgende stappen`,
      intro: (o) => `We hebben je garantieclaim voor bestelling ${o} ontvangen. Vervelend dat er iets mis is met je apparaat – we gaan ermee aan de slag.`,
      remedy: "Gewenste oplossing",
      remedies: { repair: "Reparatie", replacement: "Vervangend apparaat", refund: "Terugbetaling van de aankoopprijs" },
      labelAttached: "Je retourlabel zit als pdf in de bijlage. Print het uit, plak de bovenste helft op het pakket en stop de onderste helft erin.",
      send: "Stuur ons het apparaat zo snel mogelijk en bewaar het verzendbewijs.",
      decide:
        "Zodra het apparaat bij ons is, onderzoeken onze technici het defect. Daarna beslissen we of we het repareren, je een vervangend apparaat sturen of de aankoopprijs terugbetalen, " +
        "en laten we het je weten. Waar mogelijk houden we rekening met je voorkeur.",
    },
    claimDecided: {
      subject: {
        repair: (n) => `Je garantieclaim ${n}: we repareren je apparaat`,
        replacement: (n) => `Je garantieclaim ${n}: je krijgt een vervangend apparaat`,
        refund: (n) => `Je garantieclaim ${n}: terugbetaling`,
        refused: (n) => `Je garantieclaim ${n}: de uitkomst van onze controle`,
      },
      repair: "We hebben je apparaat onderzocht en het defect valt onder de garantie. We repareren het en sturen het daarna naar je terug; zodra het onderweg is, krijg je het trackingnummer.",
      replacement: "We hebben je apparaat onderzocht en het defect valt onder de garantie. Je krijgt van ons een gelijkwaardig vervangend apparaat; we laten het je weten zodra het onderweg is.",
      refund: (a) => `We hebben je apparaat onderzocht en het defect valt onder de garantie. We betalen je ${a ?? "de aankoopprijs"} terug.`,
      refused: "We hebben je apparaat onderzocht, maar het defect valt helaas niet onder de garantie.",
      finding: "Wat we hebben vastgesteld:",
      refusedReason: "De reden:",
      sentBack: "We sturen het apparaat op onze kosten naar je terug.",
    },
    claimRepaired: {
      subject: (n) => `Je garantieclaim ${n}: je apparaat is gerepareerd en onderweg`,
      intro: (c) => `Goed nieuws: we hebben je apparaat gerepareerd en het pakket aan ${c} meegegeven.`,
      track: "Hier kun je je pakket volgen:",
    },
  },
};
