import type { Translated } from "../../../domain/i18n/locales.ts";
import type { Carrier, PayoutMethod } from "../../../domain/selling/sell-cart-rules.ts";
import type { DateText } from "../../../mail/texts.ts";

/**
 * The fixed texts of the sale mails in one language, in the same voice as the order mails (du in German,
 * vous in French). Grade names come from the shipping label's texts, the closing lines from the order mails'.
 */
export interface SaleMailTexts {
  /** With the seller's first name when the account has one. */
  yourSale: string;
  saleNumber: string;
  condition: string;
  offersTotal: string;
  expectedPayout: string;
  payout: string;
  payoutMethod: string;
  payoutMethods: Record<PayoutMethod, string>;
  /** How the money goes, inside a sentence: "per Überweisung", "via PayPal". */
  payoutBy: Record<PayoutMethod, string>;
  accountLink: string;
  created: {
    subject: (number: string, parcels: number) => string;
    intro: (number: string) => string;
    labels: (parcels: number) => string;
    packing: (parcels: number) => string;
    dropOff: (carrier: Carrier, days: number, parcels: number) => string;
    next: string;
  };
  parcelReceived: {
    subject: (number: string, parcels: number) => string;
    intro: (parcels: number) => string;
    inspection: string;
  };
  inspectionStarted: {
    subject: (number: string) => string;
    /** How many items are being inspected. */
    intro: (items: number) => string;
    next: string;
  };
  counteroffer: {
    subject: (number: string) => string;
    /** How many items the counteroffer changes, of how many in the sale. */
    intro: (changed: number, total: number) => string;
    unchanged: string;
    reason: string;
    previousPayout: string;
    newPayout: string;
    decide: (deadline: DateText) => string;
    decline: (parcels: number) => string;
    silence: (deadline: DateText) => string;
  };
  counterofferReminder: {
    subject: (number: string, deadline: DateText) => string;
    intro: (deadline: DateText) => string;
  };
  offerConfirmed: {
    subject: (number: string) => string;
    confirmed: string;
    counterofferAccepted: string;
    payout: (amount: string, method: PayoutMethod) => string;
  };
  paid: {
    subject: (number: string) => string;
    intro: (amount: string, method: PayoutMethod) => string;
    arrival: (method: PayoutMethod) => string;
    thanks: string;
  };
  returned: {
    subject: (number: string, parcels: number) => string;
    intro: (parcels: number) => string;
  };
  payoutReturned: {
    subject: (number: string) => string;
    intro: (amount: string) => string;
    correct: string;
  };
}

/** Italian elides the article before otto and undici: "entro l'8 marzo", "fino all'11 marzo". */
const italianArticle = (date: DateText, full: string, elided: string) => `${date.day === 8 || date.day === 11 ? elided : full}${date.text}`;

const DE_PLACES: Record<Carrier, string> = { dhl: "zu einer DHL-Filiale oder in einen DHL Paketshop", hermes: "in einen Hermes PaketShop" };
const EN_PLACES: Record<Carrier, string> = { dhl: "a DHL Post Office or Parcelshop", hermes: "a Hermes ParcelShop" };
const ES_PLACES: Record<Carrier, string> = { dhl: "una oficina o un Paketshop de DHL", hermes: "un Hermes PaketShop" };
const FR_PLACES: Record<Carrier, string> = { dhl: "une agence ou un point relais DHL", hermes: "un point relais Hermes" };
const IT_PLACES: Record<Carrier, string> = { dhl: "una filiale o un Paketshop DHL", hermes: "un Hermes PaketShop" };
const NL_PLACES: Record<Carrier, string> = { dhl: "een DHL-servicepunt", hermes: "een Hermes-PaketShop" };

const DE_BY: Record<PayoutMethod, string> = { bank_transfer: "per Überweisung", paypal: "über PayPal" };
const EN_BY: Record<PayoutMethod, string> = { bank_transfer: "by bank transfer", paypal: "via PayPal" };
const ES_BY: Record<PayoutMethod, string> = { bank_transfer: "por transferencia bancaria", paypal: "a través de PayPal" };
const FR_BY: Record<PayoutMethod, string> = { bank_transfer: "par virement bancaire", paypal: "via PayPal" };
const IT_BY: Record<PayoutMethod, string> = { bank_transfer: "con bonifico bancario", paypal: "tramite PayPal" };
const NL_BY: Record<PayoutMethod, string> = { bank_transfer: "per bankoverschrijving", paypal: "via PayPal" };

const one = (parcels: number) => parcels === 1;

export const SALE_MAIL_TEXTS: Translated<SaleMailTexts> = {
  de: {
    yourSale: "Dein Verkauf",
    saleNumber: "Verkaufsnummer",
    condition: "Zustand",
    offersTotal: "Summe der Angebote",
    expectedPayout: "Voraussichtliche Auszahlung",
    payout: "Auszahlung",
    payoutMethod: "Auszahlungsart",
    payoutMethods: { bank_transfer: "Überweisung", paypal: "PayPal" },
    payoutBy: DE_BY,
    accountLink: "Alle Details und den aktuellen Stand deines Verkaufs findest du jederzeit in deinem Kundenkonto:",
    created: {
      subject: (n, p) => `Dein Verkauf ${n}: ${one(p) ? "dein Versandetikett" : "deine Versandetiketten"}`,
      intro: (n) => `vielen Dank, dass du deine Artikel an uns verkaufst! Dein Verkauf hat die Nummer ${n}.`,
      labels: (p) =>
        one(p) ? "Im Anhang findest du dein Versandetikett als PDF." : `Im Anhang findest du deine Versandetiketten als PDF – eine Seite für jedes deiner ${p} Pakete.`,
      packing: (p) =>
        one(p)
          ? "Druck die Seite aus und pack deine Artikel gut gepolstert ein. Die obere Hälfte klebst du außen auf das Paket, die untere Hälfte – den Packzettel – legst du mit hinein."
          : "Druck die Seiten aus und verteil deine Artikel gut gepolstert auf die Pakete. Auf jedes Paket klebst du die obere Hälfte einer Seite, die untere Hälfte – den Packzettel – legst du jeweils mit hinein.",
      dropOff: (carrier, days, p) => `Bring ${one(p) ? "das Paket" : "die Pakete"} bitte innerhalb von ${days} Tagen ${DE_PLACES[carrier]}.`,
      next: "Sobald deine Sendung bei uns angekommen ist, sagen wir dir Bescheid.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Dein Paket zum Verkauf ${n} ist angekommen` : `Deine Pakete zum Verkauf ${n} sind angekommen`),
      intro: (p) => (one(p) ? "dein Paket ist gut bei uns angekommen – danke!" : "deine Pakete sind gut bei uns angekommen – danke!"),
      inspection: "Wir prüfen deine Artikel jetzt in den nächsten Tagen und melden uns, sobald wir fertig sind.",
    },
    inspectionStarted: {
      subject: (n) => `Dein Verkauf ${n}: Wir prüfen deine Artikel`,
      intro: (i) => (i === 1 ? "wir haben mit der Prüfung deines Artikels begonnen." : `wir haben mit der Prüfung deiner ${i} Artikel begonnen.`),
      next: "Sobald wir fertig sind, bestätigen wir dir unser Angebot – oder machen dir ein neues, falls der Zustand von deiner Angabe abweicht.",
    },
    counteroffer: {
      subject: (n) => `Neues Angebot zu deinem Verkauf ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "wir haben deinen Artikel geprüft. Sein Zustand weicht von deiner Angabe ab, deshalb machen wir dir ein neues Angebot:"
          : changed === 1
            ? "wir haben deine Artikel geprüft. Bei einem davon weicht der Zustand von deiner Angabe ab, deshalb machen wir dir dafür ein neues Angebot:"
            : "wir haben deine Artikel geprüft. Bei einigen davon weicht der Zustand von deiner Angabe ab, deshalb machen wir dir dafür ein neues Angebot:",
      unchanged: "Für alle anderen Artikel bleibt es bei unserem ursprünglichen Angebot.",
      reason: "Grund",
      previousPayout: "Bisherige Auszahlung",
      newPayout: "Neue Auszahlung",
      decide: (d) => `Bitte nimm das neue Angebot bis zum ${d.text} in deinem Kundenkonto an oder lehne es ab:`,
      decline: (p) => `Lehnst du ab, schicken wir dir ${one(p) ? "dein Paket" : "deine Pakete"} kostenlos zurück.`,
      silence: (d) => `Hören wir bis zum ${d.text} nichts von dir, gilt das neue Angebot als angenommen.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Erinnerung: Das neue Angebot zu deinem Verkauf ${n} gilt nur noch bis zum ${d.text}`,
      intro: (d) => `unser neues Angebot zu deinem Verkauf wartet noch auf deine Antwort – du hast nur noch wenige Tage Zeit, bis zum ${d.text}. Hier noch einmal alles im Überblick:`,
    },
    offerConfirmed: {
      subject: (n) => `Dein Verkauf ${n}: Prüfung abgeschlossen`,
      confirmed: "wir haben deine Artikel geprüft: Alles passt, unser Angebot ist damit bestätigt.",
      counterofferAccepted: "das neue Angebot zu deinem Verkauf ist angenommen – vielen Dank!",
      payout: (amount, method) => `Wir zahlen dir ${amount} in Kürze ${DE_BY[method]} aus.`,
    },
    paid: {
      subject: (n) => `Dein Geld für den Verkauf ${n} ist unterwegs`,
      intro: (amount, method) => `wir haben dir soeben ${amount} ${DE_BY[method]} ausgezahlt.`,
      arrival: (method) =>
        method === "paypal"
          ? "Das Geld sollte innerhalb von 1–3 Werktagen in deinem PayPal-Konto zu sehen sein."
          : "Das Geld sollte innerhalb von 1–3 Werktagen auf deinem Konto sein.",
      thanks: "Danke, dass du bei uns verkauft hast!",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Dein Paket zum Verkauf ${n} ist auf dem Rückweg` : `Deine Pakete zum Verkauf ${n} sind auf dem Rückweg`),
      intro: (p) =>
        one(p)
          ? "dein Paket ist auf dem Weg zurück zu dir. Der Rückversand ist für dich natürlich kostenlos."
          : "deine Pakete sind auf dem Weg zurück zu dir. Der Rückversand ist für dich natürlich kostenlos.",
    },
    payoutReturned: {
      subject: (n) => `Deine Auszahlung zum Verkauf ${n} kam zurück`,
      intro: (amount) => `deine Bank hat unsere Überweisung über ${amount} zurückgeschickt – meist ist das Konto geschlossen oder die IBAN stimmt nicht.`,
      correct: "Bitte prüfe deine Bankverbindung in deinem Konto und korrigiere sie (oder wähle PayPal). Sobald sie stimmt, zahlen wir dir den Betrag erneut aus.",
    },
  },
  en: {
    yourSale: "Your sale",
    saleNumber: "Sale number",
    condition: "Condition",
    offersTotal: "Total of offers",
    expectedPayout: "Expected payout",
    payout: "Payout",
    payoutMethod: "Payout method",
    payoutMethods: { bank_transfer: "Bank transfer", paypal: "PayPal" },
    payoutBy: EN_BY,
    accountLink: "You can see all the details and the current status of your sale in your account at any time:",
    created: {
      subject: (n, p) => `Your sale ${n}: ${one(p) ? "here is your shipping label" : "here are your shipping labels"}`,
      intro: (n) => `Thank you for selling your items to us! Your sale number is ${n}.`,
      labels: (p) =>
        one(p) ? "Your shipping label is attached as a PDF." : `Your shipping labels are attached as a PDF – one page for each of your ${p} parcels.`,
      packing: (p) =>
        one(p)
          ? "Print the page and pack your items with plenty of padding. Stick the top half on the outside of the parcel and put the bottom half – the packing slip – inside."
          : "Print the pages and pack your items into the parcels with plenty of padding. Stick the top half of a page on the outside of each parcel and put the bottom half – the packing slip – inside.",
      dropOff: (carrier, days, p) => `Please take the ${one(p) ? "parcel" : "parcels"} to ${EN_PLACES[carrier]} within ${days} days.`,
      next: "We will let you know as soon as your parcel has arrived.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Your parcel for sale ${n} has arrived` : `Your parcels for sale ${n} have arrived`),
      intro: (p) => (one(p) ? "Your parcel has arrived safely – thank you!" : "Your parcels have arrived safely – thank you!"),
      inspection: "We will now inspect your items within the next few days and get back to you as soon as we are done.",
    },
    inspectionStarted: {
      subject: (n) => `Your sale ${n}: we are inspecting your items`,
      intro: (i) => (i === 1 ? "We have started inspecting your item." : `We have started inspecting your ${i} items.`),
      next: "As soon as we are done, we will confirm our offer – or make you a new one if the condition differs from what you stated.",
    },
    counteroffer: {
      subject: (n) => `A new offer for your sale ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "We have inspected your item. Its condition differs from what you stated, so we are making you a new offer:"
          : changed === 1
            ? "We have inspected your items. One of them is in a different condition from what you stated, so we are making you a new offer for it:"
            : "We have inspected your items. Some of them are in a different condition from what you stated, so we are making you a new offer for them:",
      unchanged: "Our original offer stands for all other items.",
      reason: "Reason",
      previousPayout: "Previous payout",
      newPayout: "New payout",
      decide: (d) => `Please accept or decline the new offer in your account by ${d.text}:`,
      decline: (p) => `If you decline, we will send your ${one(p) ? "parcel" : "parcels"} back to you free of charge.`,
      silence: (d) => `If we have not heard from you by ${d.text}, the new offer will count as accepted.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Reminder: the new offer for your sale ${n} is only valid until ${d.text}`,
      intro: (d) => `Our new offer for your sale is still waiting for your answer – you only have a few days left, until ${d.text}. Here is everything at a glance once more:`,
    },
    offerConfirmed: {
      subject: (n) => `Your sale ${n}: inspection complete`,
      confirmed: "We have inspected your items: everything checks out, and your offer is confirmed.",
      counterofferAccepted: "The new offer for your sale has been accepted – thank you!",
      payout: (amount, method) => `We will pay out ${amount} to you ${EN_BY[method]} shortly.`,
    },
    paid: {
      subject: (n) => `Your money for sale ${n} is on its way`,
      intro: (amount, method) => `We have just sent you ${amount} ${EN_BY[method]}.`,
      arrival: (method) =>
        method === "paypal"
          ? "It should show up in your PayPal account within 1–3 working days."
          : "It should reach your bank account within 1–3 working days.",
      thanks: "Thank you for selling with us!",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Your parcel for sale ${n} is on its way back` : `Your parcels for sale ${n} are on their way back`),
      intro: (p) =>
        one(p)
          ? "Your parcel is on its way back to you. Return shipping is, of course, free of charge."
          : "Your parcels are on their way back to you. Return shipping is, of course, free of charge.",
    },
    payoutReturned: {
      subject: (n) => `Your payout for sale ${n} came back`,
      intro: (amount) => `your bank returned our transfer of ${amount} – usually the account is closed or the IBAN is wrong.`,
      correct: "Please check your bank details in your account and correct them (or choose PayPal). As soon as they are right, we pay you again.",
    },
  },
  es: {
    yourSale: "Tu venta",
    saleNumber: "Número de venta",
    condition: "Estado",
    offersTotal: "Total de las ofertas",
    expectedPayout: "Pago previsto",
    payout: "Importe del pago",
    payoutMethod: "Forma de cobro",
    payoutMethods: { bank_transfer: "Transferencia bancaria", paypal: "PayPal" },
    payoutBy: ES_BY,
    accountLink: "Puedes consultar todos los detalles y el estado de tu venta en tu cuenta en cualquier momento:",
    created: {
      subject: (n, p) => `Tu venta ${n}: ${one(p) ? "aquí tienes tu etiqueta de envío" : "aquí tienes tus etiquetas de envío"}`,
      intro: (n) => `¡Gracias por vendernos tus artículos! El número de tu venta es ${n}.`,
      labels: (p) =>
        one(p)
          ? "Encontrarás la etiqueta de envío adjunta en PDF."
          : `Encontrarás las etiquetas de envío adjuntas en PDF, una página para cada uno de tus ${p} paquetes.`,
      packing: (p) =>
        one(p)
          ? "Imprime la página y embala bien tus artículos, con suficiente relleno. Pega la mitad superior en el exterior del paquete y mete la mitad inferior (la lista de contenido) dentro."
          : "Imprime las páginas y reparte tus artículos entre los paquetes, bien embalados y con suficiente relleno. Pega la mitad superior de una página en el exterior de cada paquete y mete la mitad inferior (la lista de contenido) dentro.",
      dropOff: (carrier, days, p) => `Lleva ${one(p) ? "el paquete" : "los paquetes"} a ${ES_PLACES[carrier]} en un plazo de ${days} días.`,
      next: "Te avisaremos en cuanto recibamos tu envío.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Ha llegado tu paquete de la venta ${n}` : `Han llegado tus paquetes de la venta ${n}`),
      intro: (p) => (one(p) ? "Tu paquete ha llegado sin problemas. ¡Gracias!" : "Tus paquetes han llegado sin problemas. ¡Gracias!"),
      inspection: "En los próximos días revisaremos tus artículos y te escribiremos en cuanto terminemos.",
    },
    inspectionStarted: {
      subject: (n) => `Tu venta ${n}: estamos revisando tus artículos`,
      intro: (i) => (i === 1 ? "Hemos empezado a revisar tu artículo." : `Hemos empezado a revisar tus ${i} artículos.`),
      next: "En cuanto terminemos, te confirmaremos nuestra oferta o, si el estado no coincide con lo que indicaste, te haremos una nueva.",
    },
    counteroffer: {
      subject: (n) => `Nueva oferta para tu venta ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "Hemos revisado tu artículo y su estado no coincide con el que indicaste, así que te hacemos una nueva oferta:"
          : changed === 1
            ? "Hemos revisado tus artículos. Uno de ellos no está en el estado que indicaste, así que te hacemos una nueva oferta por él:"
            : "Hemos revisado tus artículos. Algunos no están en el estado que indicaste, así que te hacemos una nueva oferta por ellos:",
      unchanged: "Para el resto de los artículos se mantiene nuestra oferta original.",
      reason: "Motivo",
      previousPayout: "Pago anterior",
      newPayout: "Nuevo pago",
      decide: (d) => `Acepta o rechaza la nueva oferta en tu cuenta a más tardar el ${d.text}:`,
      decline: (p) => `Si la rechazas, te devolveremos ${one(p) ? "el paquete" : "los paquetes"} gratis.`,
      silence: (d) => `Si no recibimos tu respuesta a más tardar el ${d.text}, la nueva oferta se considerará aceptada.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Recordatorio: la nueva oferta para tu venta ${n} solo es válida hasta el ${d.text}`,
      intro: (d) => `Nuestra nueva oferta para tu venta sigue esperando tu respuesta: solo te quedan unos días, hasta el ${d.text}. Aquí tienes de nuevo todos los detalles:`,
    },
    offerConfirmed: {
      subject: (n) => `Tu venta ${n}: revisión completada`,
      confirmed: "Hemos revisado tus artículos: todo está en orden y tu oferta queda confirmada.",
      counterofferAccepted: "La nueva oferta para tu venta ha quedado aceptada. ¡Gracias!",
      payout: (amount, method) => `En breve te pagaremos ${amount} ${ES_BY[method]}.`,
    },
    paid: {
      subject: (n) => `El dinero de tu venta ${n} está en camino`,
      intro: (amount, method) => `Acabamos de enviarte ${amount} ${ES_BY[method]}.`,
      arrival: (method) =>
        method === "paypal"
          ? "Debería aparecer en tu cuenta de PayPal en un plazo de 1 a 3 días laborables."
          : "Debería llegar a tu cuenta bancaria en un plazo de 1 a 3 días laborables.",
      thanks: "¡Gracias por vender con nosotros!",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Te devolvemos el paquete de tu venta ${n}` : `Te devolvemos los paquetes de tu venta ${n}`),
      intro: (p) =>
        one(p)
          ? "Tu paquete ya está de camino de vuelta. Por supuesto, el envío de vuelta es gratuito para ti."
          : "Tus paquetes ya están de camino de vuelta. Por supuesto, el envío de vuelta es gratuito para ti.",
    },
    payoutReturned: {
      subject: (n) => `Tu pago de la venta ${n} ha sido devuelto`,
      intro: (amount) => `tu banco nos ha devuelto la transferencia de ${amount}; normalmente la cuenta está cerrada o el IBAN no es correcto.`,
      correct: "Revisa tus datos bancarios en tu cuenta y corrígelos (o elige PayPal). En cuanto sean correctos, te pagaremos de nuevo.",
    },
  },
  fr: {
    yourSale: "Votre vente",
    saleNumber: "Numéro de vente",
    condition: "État",
    offersTotal: "Total des offres",
    expectedPayout: "Versement prévu",
    payout: "Montant du versement",
    payoutMethod: "Mode de versement",
    payoutMethods: { bank_transfer: "Virement bancaire", paypal: "PayPal" },
    payoutBy: FR_BY,
    accountLink: "Vous pouvez consulter à tout moment le détail et l'état de votre vente dans votre compte client :",
    created: {
      subject: (n, p) => `Votre vente ${n} : ${one(p) ? "votre étiquette d'expédition" : "vos étiquettes d'expédition"}`,
      intro: (n) => `Merci de nous vendre vos articles ! Votre numéro de vente est le ${n}.`,
      labels: (p) =>
        one(p)
          ? "Vous trouverez votre étiquette d'expédition en pièce jointe au format PDF."
          : `Vous trouverez vos étiquettes d'expédition en pièce jointe au format PDF, une page pour chacun de vos ${p} colis.`,
      packing: (p) =>
        one(p)
          ? "Imprimez la page et emballez soigneusement vos articles, bien calés. Collez la moitié supérieure sur l'extérieur du colis et glissez la moitié inférieure – le bordereau de colisage – à l'intérieur."
          : "Imprimez les pages et répartissez vos articles dans les colis, soigneusement emballés et bien calés. Collez la moitié supérieure d'une page sur chaque colis et glissez la moitié inférieure – le bordereau de colisage – à l'intérieur.",
      dropOff: (carrier, days, p) => `Déposez ${one(p) ? "le colis" : "les colis"} dans ${FR_PLACES[carrier]} sous ${days} jours.`,
      next: "Nous vous préviendrons dès que votre envoi nous sera parvenu.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Votre colis pour la vente ${n} est arrivé` : `Vos colis pour la vente ${n} sont arrivés`),
      intro: (p) => (one(p) ? "Votre colis nous est bien parvenu, merci !" : "Vos colis nous sont bien parvenus, merci !"),
      inspection: "Nous allons examiner vos articles dans les prochains jours et reviendrons vers vous dès que ce sera fait.",
    },
    inspectionStarted: {
      subject: (n) => `Votre vente ${n} : nous examinons vos articles`,
      intro: (i) => (i === 1 ? "Nous avons commencé à examiner votre article." : `Nous avons commencé à examiner vos ${i} articles.`),
      next: "Dès que nous aurons terminé, nous vous confirmerons notre offre – ou vous en ferons une nouvelle si l'état diffère de ce que vous avez indiqué.",
    },
    counteroffer: {
      subject: (n) => `Nouvelle offre pour votre vente ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "Nous avons examiné votre article : son état ne correspond pas à celui que vous aviez indiqué. Nous vous faisons donc une nouvelle offre :"
          : changed === 1
            ? "Nous avons examiné vos articles : l'un d'eux n'est pas dans l'état que vous aviez indiqué. Nous vous faisons donc une nouvelle offre pour cet article :"
            : "Nous avons examiné vos articles : certains ne sont pas dans l'état que vous aviez indiqué. Nous vous faisons donc une nouvelle offre pour ces articles :",
      unchanged: "Pour tous les autres articles, notre offre initiale reste valable.",
      reason: "Motif",
      previousPayout: "Versement initial",
      newPayout: "Nouveau versement",
      decide: (d) => `Merci d'accepter ou de refuser la nouvelle offre dans votre compte au plus tard le ${d.text} :`,
      decline: (p) => `Si vous la refusez, nous vous renvoyons ${one(p) ? "votre colis" : "vos colis"} gratuitement.`,
      silence: (d) => `Sans réponse de votre part le ${d.text} au plus tard, la nouvelle offre sera considérée comme acceptée.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Rappel : la nouvelle offre pour votre vente ${n} n'est valable que jusqu'au ${d.text}`,
      intro: (d) => `Notre nouvelle offre pour votre vente attend toujours votre réponse : il ne vous reste que quelques jours, jusqu'au ${d.text}. Voici à nouveau tous les détails :`,
    },
    offerConfirmed: {
      subject: (n) => `Votre vente ${n} : vérification terminée`,
      confirmed: "Nous avons examiné vos articles : tout est en ordre et votre offre est confirmée.",
      counterofferAccepted: "La nouvelle offre pour votre vente est acceptée, merci !",
      payout: (amount, method) => `Nous vous verserons ${amount} ${FR_BY[method]} très prochainement.`,
    },
    paid: {
      subject: (n) => `Votre argent pour la vente ${n} est en route`,
      intro: (amount, method) => `Nous venons de vous verser ${amount} ${FR_BY[method]}.`,
      arrival: (method) =>
        method === "paypal"
          ? "Le montant devrait apparaître sur votre compte PayPal sous 1 à 3 jours ouvrés."
          : "Le montant devrait apparaître sur votre compte bancaire sous 1 à 3 jours ouvrés.",
      thanks: "Merci d'avoir vendu avec nous !",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Votre colis de la vente ${n} vous est renvoyé` : `Vos colis de la vente ${n} vous sont renvoyés`),
      intro: (p) =>
        one(p)
          ? "Votre colis est sur le chemin du retour. Bien entendu, le renvoi est entièrement gratuit pour vous."
          : "Vos colis sont sur le chemin du retour. Bien entendu, le renvoi est entièrement gratuit pour vous.",
    },
    payoutReturned: {
      subject: (n) => `Le paiement de votre vente ${n} nous est revenu`,
      intro: (amount) => `votre banque nous a renvoyé notre virement de ${amount} : le plus souvent, le compte est clôturé ou l'IBAN est erroné.`,
      correct: "Vérifiez vos coordonnées bancaires dans votre compte et corrigez-les (ou choisissez PayPal). Dès qu'elles sont correctes, nous vous paierons à nouveau.",
    },
  },
  it: {
    yourSale: "La tua vendita",
    saleNumber: "Numero di vendita",
    condition: "Condizione",
    offersTotal: "Totale delle offerte",
    expectedPayout: "Pagamento previsto",
    payout: "Importo dell'accredito",
    payoutMethod: "Modalità di accredito",
    payoutMethods: { bank_transfer: "Bonifico bancario", paypal: "PayPal" },
    payoutBy: IT_BY,
    accountLink: "Puoi vedere tutti i dettagli e lo stato della tua vendita nel tuo account in qualsiasi momento:",
    created: {
      subject: (n, p) => `La tua vendita ${n}: ${one(p) ? "ecco la tua etichetta di spedizione" : "ecco le tue etichette di spedizione"}`,
      intro: (n) => `grazie per averci venduto i tuoi articoli! Il numero della tua vendita è ${n}.`,
      labels: (p) =>
        one(p)
          ? "In allegato trovi l'etichetta di spedizione in formato PDF."
          : `In allegato trovi le etichette di spedizione in formato PDF, una pagina per ciascuno dei tuoi ${p} pacchi.`,
      packing: (p) =>
        one(p)
          ? "Stampa la pagina e imballa bene i tuoi articoli, con materiale di riempimento a sufficienza. Incolla la metà superiore all'esterno del pacco e metti la metà inferiore (la distinta) dentro il pacco."
          : "Stampa le pagine e distribuisci i tuoi articoli nei pacchi, ben imballati. Incolla la metà superiore di una pagina all'esterno di ogni pacco e metti la metà inferiore (la distinta) dentro il pacco.",
      dropOff: (carrier, days, p) => `Porta ${one(p) ? "il pacco" : "i pacchi"} in ${IT_PLACES[carrier]} entro ${days} giorni.`,
      next: "Ti avviseremo non appena la tua spedizione sarà arrivata.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Il tuo pacco per la vendita ${n} è arrivato` : `I tuoi pacchi per la vendita ${n} sono arrivati`),
      intro: (p) => (one(p) ? "il tuo pacco è arrivato sano e salvo, grazie!" : "i tuoi pacchi sono arrivati sani e salvi, grazie!"),
      inspection: "Nei prossimi giorni controlleremo i tuoi articoli e ti scriveremo appena avremo finito.",
    },
    inspectionStarted: {
      subject: (n) => `La tua vendita ${n}: stiamo controllando i tuoi articoli`,
      intro: (i) => (i === 1 ? "abbiamo iniziato a controllare il tuo articolo." : `abbiamo iniziato a controllare i tuoi ${i} articoli.`),
      next: "Appena avremo finito, ti confermeremo la nostra offerta oppure, se le condizioni non corrispondono a quanto indicato, te ne faremo una nuova.",
    },
    counteroffer: {
      subject: (n) => `Una nuova offerta per la tua vendita ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "abbiamo controllato il tuo articolo: le sue condizioni non corrispondono a quelle che avevi indicato, quindi ti facciamo una nuova offerta:"
          : changed === 1
            ? "abbiamo controllato i tuoi articoli: uno di essi non è nelle condizioni che avevi indicato, quindi ti facciamo una nuova offerta per questo articolo:"
            : "abbiamo controllato i tuoi articoli: alcuni non sono nelle condizioni che avevi indicato, quindi ti facciamo una nuova offerta per questi articoli:",
      unchanged: "Per tutti gli altri articoli resta valida la nostra offerta iniziale.",
      reason: "Motivo",
      previousPayout: "Pagamento precedente",
      newPayout: "Nuovo pagamento",
      decide: (d) => `Accetta o rifiuta la nuova offerta nel tuo account entro ${italianArticle(d, "il ", "l'")}:`,
      decline: (p) => `Se la rifiuti, ti rispediamo ${one(p) ? "il pacco" : "i pacchi"} gratuitamente.`,
      silence: (d) => `Se entro ${italianArticle(d, "il ", "l'")} non riceviamo una tua risposta, la nuova offerta si considera accettata.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Promemoria: la nuova offerta per la tua vendita ${n} è valida solo fino ${italianArticle(d, "al ", "all'")}`,
      intro: (d) =>
        `la nostra nuova offerta per la tua vendita aspetta ancora una tua risposta: ti restano solo pochi giorni, fino ${italianArticle(d, "al ", "all'")}. Ecco di nuovo tutti i dettagli:`,
    },
    offerConfirmed: {
      subject: (n) => `La tua vendita ${n}: controllo completato`,
      confirmed: "abbiamo controllato i tuoi articoli: è tutto in ordine e la tua offerta è confermata.",
      counterofferAccepted: "la nuova offerta per la tua vendita è stata accettata, grazie!",
      payout: (amount, method) => `A breve ti verseremo ${amount} ${IT_BY[method]}.`,
    },
    paid: {
      subject: (n) => `Il pagamento per la tua vendita ${n} è in arrivo`,
      intro: (amount, method) => `ti abbiamo appena inviato ${amount} ${IT_BY[method]}.`,
      arrival: (method) =>
        method === "paypal"
          ? "L'importo dovrebbe comparire sul tuo conto PayPal entro 1–3 giorni lavorativi."
          : "L'importo dovrebbe arrivare sul tuo conto bancario entro 1–3 giorni lavorativi.",
      thanks: "Grazie per aver venduto con noi!",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Il tuo pacco della vendita ${n} sta tornando da te` : `I tuoi pacchi della vendita ${n} stanno tornando da te`),
      intro: (p) =>
        one(p)
          ? "il tuo pacco è in viaggio per tornare da te. Naturalmente la spedizione di ritorno è gratuita."
          : "i tuoi pacchi sono in viaggio per tornare da te. Naturalmente la spedizione di ritorno è gratuita.",
    },
    payoutReturned: {
      subject: (n) => `Il pagamento della vendita ${n} ci è stato restituito`,
      intro: (amount) => `la tua banca ci ha restituito il bonifico di ${amount}: di solito il conto è chiuso o l'IBAN non è corretto.`,
      correct: "Controlla i dati bancari nel tuo account e correggili (oppure scegli PayPal). Appena sono corretti, ti paghiamo di nuovo.",
    },
  },
  nl: {
    yourSale: "Je verkoop",
    saleNumber: "Verkoopnummer",
    condition: "Staat",
    offersTotal: "Totaal geboden",
    expectedPayout: "Verwachte uitbetaling",
    payout: "Uitbetaling",
    payoutMethod: "Uitbetalingsmethode",
    payoutMethods: { bank_transfer: "Bankoverschrijving", paypal: "PayPal" },
    payoutBy: NL_BY,
    accountLink: "Alle details en de actuele status van je verkoop vind je altijd in je account:",
    created: {
      subject: (n, p) => `Je verkoop ${n}: ${one(p) ? "hier is je verzendlabel" : "hier zijn je verzendlabels"}`,
      intro: (n) => `Bedankt dat je je artikelen aan ons verkoopt! Je verkoopnummer is ${n}.`,
      labels: (p) => (one(p) ? "Je verzendlabel vind je als pdf in de bijlage." : `Je verzendlabels vind je als pdf in de bijlage: één pagina voor elk van je ${p} pakketten.`),
      packing: (p) =>
        one(p)
          ? "Print de pagina en verpak je artikelen goed, met voldoende opvulmateriaal. Plak de bovenste helft op de buitenkant van het pakket en stop de onderste helft – de pakbon – in het pakket."
          : "Print de pagina's en verdeel je artikelen goed verpakt over de pakketten. Plak op elk pakket de bovenste helft van een pagina en stop de onderste helft – de pakbon – erin.",
      dropOff: (carrier, days, p) => `Breng ${one(p) ? "het pakket" : "de pakketten"} binnen ${days} dagen naar ${NL_PLACES[carrier]}.`,
      next: "Zodra je zending bij ons is aangekomen, laten we het je weten.",
    },
    parcelReceived: {
      subject: (n, p) => (one(p) ? `Je pakket voor verkoop ${n} is aangekomen` : `Je pakketten voor verkoop ${n} zijn aangekomen`),
      intro: (p) => (one(p) ? "Je pakket is goed bij ons aangekomen – bedankt!" : "Je pakketten zijn goed bij ons aangekomen – bedankt!"),
      inspection: "We controleren je artikelen de komende dagen en laten van ons horen zodra we klaar zijn.",
    },
    inspectionStarted: {
      subject: (n) => `Je verkoop ${n}: we controleren je artikelen`,
      intro: (i) => (i === 1 ? "We zijn begonnen met de controle van je artikel." : `We zijn begonnen met de controle van je ${i} artikelen.`),
      next: "Zodra we klaar zijn, bevestigen we ons bod – of doen we je een nieuw bod als de staat afwijkt van wat je hebt opgegeven.",
    },
    counteroffer: {
      subject: (n) => `Een nieuw bod voor je verkoop ${n}`,
      intro: (changed, total) =>
        total === 1
          ? "We hebben je artikel gecontroleerd. De staat komt niet overeen met wat je hebt opgegeven, daarom doen we je een nieuw bod:"
          : changed === 1
            ? "We hebben je artikelen gecontroleerd. Eén ervan is in een andere staat dan je hebt opgegeven, daarom doen we je daarvoor een nieuw bod:"
            : "We hebben je artikelen gecontroleerd. Een aantal ervan is in een andere staat dan je hebt opgegeven, daarom doen we je daarvoor een nieuw bod:",
      unchanged: "Voor alle andere artikelen blijft ons oorspronkelijke bod staan.",
      reason: "Reden",
      previousPayout: "Eerdere uitbetaling",
      newPayout: "Nieuwe uitbetaling",
      decide: (d) => `Accepteer of weiger het nieuwe bod uiterlijk ${d.text} in je account:`,
      decline: (p) => `Als je het bod weigert, sturen we ${one(p) ? "je pakket" : "je pakketten"} gratis naar je terug.`,
      silence: (d) => `Horen we uiterlijk ${d.text} niets van je, dan geldt het nieuwe bod als geaccepteerd.`,
    },
    counterofferReminder: {
      subject: (n, d) => `Herinnering: het nieuwe bod voor je verkoop ${n} is nog maar geldig tot ${d.text}`,
      intro: (d) => `Ons nieuwe bod voor je verkoop wacht nog op je antwoord – je hebt nog maar een paar dagen, tot ${d.text}. Hier nog eens alles op een rij:`,
    },
    offerConfirmed: {
      subject: (n) => `Je verkoop ${n}: controle afgerond`,
      confirmed: "We hebben je artikelen gecontroleerd: alles klopt en ons bod is definitief.",
      counterofferAccepted: "Het nieuwe bod voor je verkoop is geaccepteerd – bedankt!",
      payout: (amount, method) => `We betalen je binnenkort ${amount} ${NL_BY[method]} uit.`,
    },
    paid: {
      subject: (n) => `Je geld voor verkoop ${n} is onderweg`,
      intro: (amount, method) => `We hebben je zojuist ${amount} ${NL_BY[method]} overgemaakt.`,
      arrival: (method) =>
        method === "paypal" ? "Het bedrag staat binnen 1–3 werkdagen op je PayPal-rekening." : "Het bedrag staat binnen 1–3 werkdagen op je bankrekening.",
      thanks: "Bedankt dat je bij ons hebt verkocht!",
    },
    returned: {
      subject: (n, p) => (one(p) ? `Je pakket voor verkoop ${n} is onderweg terug` : `Je pakketten voor verkoop ${n} zijn onderweg terug`),
      intro: (p) =>
        one(p)
          ? "Je pakket is onderweg terug naar je. De retourzending is natuurlijk gratis voor je."
          : "Je pakketten zijn onderweg terug naar je. De retourzending is natuurlijk gratis voor je.",
    },
    payoutReturned: {
      subject: (n) => `Je uitbetaling voor verkoop ${n} is teruggekomen`,
      intro: (amount) => `je bank heeft onze overboeking van ${amount} teruggestuurd – meestal is de rekening opgeheven of klopt de IBAN niet.`,
      correct: "Controleer je bankgegevens in je account en verbeter ze (of kies PayPal). Zodra ze kloppen, betalen we je opnieuw uit.",
    },
  },
};
