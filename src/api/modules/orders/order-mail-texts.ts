import { RETURN_DAYS, WARRANTY_MONTHS } from "../../../documents/delivery-note.ts";
import type { DeliveryMethod, PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import type { Translated } from "../../../domain/i18n/locales.ts";

import type { DateText } from "../../../mail/texts.ts";

/** The fixed texts of the order mails in one language; item, total and address labels come from the invoice's texts. */
export interface OrderMailTexts {
  yourOrder: string;
  deliveryMethods: Record<DeliveryMethod, string>;
  paymentMethods: Record<PaymentMethod, string>;
  /** Under the totals when an item is sold under the margin scheme; * marks those items. */
  marginNote: string;
  /** When the parcel leaves, a whole sentence. */
  dispatch: (minDays: number, maxDays: number) => string;
  accountLink: string;
  /** A guest's link to the order: no account, the link itself opens it. */
  guestLink: string;
  confirmation: { subject: (number: string) => string; intro: string; invoiceAttached: string };
  transfer: {
    subject: (number: string) => string;
    intro: (deadline: DateText) => string;
    holder: string;
    iban: string;
    bic: string;
    bank: string;
    amount: string;
    reference: string;
    referenceHint: string;
    reserved: string;
    deadlineNote: (deadline: DateText) => string;
  };
  reminder: { subject: (number: string) => string; intro: (number: string, deadline: DateText) => string; alreadyPaid: string };
  cancelled: { subject: (number: string) => string; intro: (number: string, deadline: DateText) => string; alreadyPaid: string; orderAgain: string };
  /** The parcel has left; the carrier and tracking number rows use the delivery note's words. */
  shipped: {
    subject: (number: string) => string;
    intro: (number: string, carrier: string) => string;
    track: string;
    /** A parcel sent without a tracking number. */
    noTracking: string;
    deliveryNoteAttached: string;
    deliveryNoteLink: string;
    /** Over the list of units. */
    inParcel: string;
  };
  delivered: {
    subject: (number: string) => string;
    intro: (number: string) => string;
    /** The last day to send items back, when the delivery day is known. */
    returns: (until: DateText | null) => string;
    warranty: string;
    /** How to reach the shop. */
    help: string;
    /** Over the products' review links. */
    review: string;
  };
}

/** Italian elides the article before otto and undici: "entro l'8 marzo", "fino all'11 marzo". */
const italianArticle = (date: DateText, full: string, elided: string) => `${date.day === 8 || date.day === 11 ? elided : full}${date.text}`;

export const ORDER_MAIL_TEXTS: Translated<OrderMailTexts> = {
  de: {
    yourOrder: "Deine Bestellung",
    deliveryMethods: { standard: "Standardversand", express: "Expressversand" },
    paymentMethods: { sandbox: "Online-Zahlung", prepayment: "Vorkasse per Überweisung", stripe: "Kreditkarte" },
    marginNote: "* Gebrauchtware: Für diese Artikel gilt die Differenzbesteuerung nach § 25a UStG, die Umsatzsteuer wird daher nicht gesondert ausgewiesen.",
    dispatch: (min, max) =>
      max === 0
        ? "Wir versenden deine Bestellung noch heute."
        : min > 0 && min < max
          ? `Wir versenden deine Bestellung innerhalb von ${min}–${max} Werktagen.`
          : `Wir versenden deine Bestellung innerhalb ${max === 1 ? "eines Werktags" : `von ${max} Werktagen`}.`,
    accountLink: "Den Stand deiner Bestellung siehst du jederzeit in deinem Kundenkonto:",
    guestLink: "Den Stand deiner Bestellung siehst du jederzeit über diesen Link; dort kannst du auch Artikel zurückschicken oder einen Defekt melden:",
    confirmation: {
      subject: (n) => `Deine Bestellung ${n} ist bestätigt`,
      intro: "vielen Dank für deine Bestellung! Deine Zahlung ist bei uns eingegangen, und wir machen deine Artikel jetzt für den Versand fertig.",
      invoiceAttached: "Deine Rechnung findest du als PDF im Anhang.",
    },
    transfer: {
      subject: (n) => `Deine Bestellung ${n}: Bankverbindung für deine Überweisung`,
      intro: (d) => `vielen Dank für deine Bestellung! Du hast Vorkasse per Überweisung gewählt. Bitte überweise den Gesamtbetrag bis spätestens zum ${d.text} auf dieses Konto:`,
      holder: "Kontoinhaber",
      iban: "IBAN",
      bic: "BIC",
      bank: "Bank",
      amount: "Betrag",
      reference: "Verwendungszweck",
      referenceHint: "Bitte gib als Verwendungszweck nur die Bestellnummer an, damit wir deine Zahlung schnell zuordnen können.",
      reserved: "Bis dahin reservieren wir die Artikel für dich. Sobald dein Geld da ist, bekommst du eine Bestätigung mit der Rechnung, und wir versenden deine Bestellung.",
      deadlineNote: (d) => `Geht bis zum ${d.text} keine Zahlung ein, stornieren wir die Bestellung automatisch.`,
    },
    reminder: {
      subject: (n) => `Erinnerung: Deine Zahlung für die Bestellung ${n} ist noch offen`,
      intro: (n, d) => `deine Überweisung für die Bestellung ${n} ist bei uns noch nicht eingegangen. Wir reservieren die Artikel noch bis zum ${d.text} für dich.`,
      alreadyPaid: "Du hast schon überwiesen? Dann ist diese E-Mail hinfällig – eine Überweisung kann ein bis zwei Werktage unterwegs sein.",
    },
    cancelled: {
      subject: (n) => `Deine Bestellung ${n} wurde storniert`,
      intro: (n, d) =>
        `leider ist für deine Bestellung ${n} bis zum ${d.text} keine Zahlung bei uns eingegangen. Wir haben die Bestellung deshalb storniert und die Artikel wieder freigegeben.`,
      alreadyPaid: "Falls du inzwischen doch überwiesen hast, melde dich bitte bei uns – wir erstatten dir den Betrag umgehend.",
      orderAgain: "Du möchtest die Artikel trotzdem haben? Bestell sie gern noch einmal, solange sie verfügbar sind.",
    },
    shipped: {
      subject: (n) => `Deine Bestellung ${n} ist unterwegs`,
      intro: (n, c) => `gute Nachrichten: Deine Bestellung ${n} ist unterwegs! Wir haben dein Paket an ${c} übergeben.`,
      track: "Hier kannst du dein Paket verfolgen:",
      noTracking: "Für dieses Paket gibt es keine Sendungsverfolgung; es kommt in den nächsten Werktagen bei dir an.",
      deliveryNoteAttached: "Den Lieferschein findest du als PDF im Anhang.",
      deliveryNoteLink: "Den Lieferschein kannst du hier als PDF herunterladen:",
      inParcel: "Im Paket",
    },
    delivered: {
      subject: (n) => `Deine Bestellung ${n} ist angekommen`,
      intro: (n) => `deine Bestellung ${n} ist bei dir angekommen. Wir wünschen dir viel Freude damit!`,
      returns: (d) =>
        `Falls etwas nicht passt: Du kannst jeden Artikel ${d ? `bis zum ${d.text} (${RETURN_DAYS} Tage nach Erhalt)` : `innerhalb von ${RETURN_DAYS} Tagen nach Erhalt`} ohne Angabe von Gründen zurückgeben. ` +
        "Melde die Rückgabe einfach in deinem Kundenkonto oder als Antwort auf diese E-Mail an.",
      warranty: `Auf jedes Gerät hast du ${WARRANTY_MONTHS} Monate Garantie ab Lieferung. Bewahre dafür bitte den Lieferschein auf.`,
      help: "Du hast Fragen oder brauchst Hilfe? Antworte einfach auf diese E-Mail – wir sind gern für dich da.",
      review: "Wie gefällt dir dein Kauf? Mit einer Bewertung hilfst du anderen bei der Wahl, und sie dauert nur eine Minute:",
    },
  },
  en: {
    yourOrder: "Your order",
    deliveryMethods: { standard: "Standard delivery", express: "Express delivery" },
    paymentMethods: { sandbox: "Online payment", prepayment: "Bank transfer in advance", stripe: "Credit card" },
    marginNote: "* Used goods: these items are sold under the margin scheme (§ 25a of the German VAT Act, UStG), so no VAT is shown for them.",
    dispatch: (min, max) =>
      max === 0
        ? "We will dispatch your order today."
        : min > 0 && min < max
          ? `We will dispatch your order within ${min}–${max} working days.`
          : `We will dispatch your order within ${max === 1 ? "one working day" : `${max} working days`}.`,
    accountLink: "You can check the status of your order in your account at any time:",
    guestLink: "You can check your order at any time through this link, and return items or report a defect there:",
    confirmation: {
      subject: (n) => `Your order ${n} is confirmed`,
      intro: "Thank you for your order! We have received your payment and are now getting your items ready for dispatch.",
      invoiceAttached: "Your invoice is attached as a PDF.",
    },
    transfer: {
      subject: (n) => `Your order ${n}: bank details for your transfer`,
      intro: (d) => `Thank you for your order! You chose to pay in advance by bank transfer. Please transfer the total amount to the following account by ${d.text}:`,
      holder: "Account holder",
      iban: "IBAN",
      bic: "BIC",
      bank: "Bank",
      amount: "Amount",
      reference: "Payment reference",
      referenceHint: "Please enter only the order number as the payment reference so that we can match your payment quickly.",
      reserved: "We are holding the items for you until then. As soon as your payment arrives, you will receive a confirmation with your invoice and we will ship your order.",
      deadlineNote: (d) => `If your payment has not reached us by ${d.text}, the order will be cancelled automatically.`,
    },
    reminder: {
      subject: (n) => `Reminder: payment for your order ${n} is still outstanding`,
      intro: (n, d) => `We have not yet received your bank transfer for order ${n}. We are holding the items for you until ${d.text}.`,
      alreadyPaid: "Already sent the money? Then please disregard this e-mail – a bank transfer can take one or two working days to arrive.",
    },
    cancelled: {
      subject: (n) => `Your order ${n} has been cancelled`,
      intro: (n, d) => `Unfortunately, we did not receive a payment for your order ${n} by ${d.text}. We have therefore cancelled the order and released the items.`,
      alreadyPaid: "If you have transferred the money in the meantime, please get in touch and we will refund it straight away.",
      orderAgain: "Still want the items? You are welcome to order them again while they are available.",
    },
    shipped: {
      subject: (n) => `Your order ${n} is on its way`,
      intro: (n, c) => `Good news: your order ${n} is on its way! We have handed your parcel over to ${c}.`,
      track: "You can follow your parcel here:",
      noTracking: "This parcel has no tracking; it will reach you within the next few working days.",
      deliveryNoteAttached: "Your delivery note is attached as a PDF.",
      deliveryNoteLink: "You can download your delivery note as a PDF here:",
      inParcel: "In the parcel",
    },
    delivered: {
      subject: (n) => `Your order ${n} has been delivered`,
      intro: (n) => `Your order ${n} has been delivered. We hope you enjoy it!`,
      returns: (d) =>
        `If something is not right, you can return any item ${d ? `until ${d.text} (${RETURN_DAYS} days from delivery)` : `within ${RETURN_DAYS} days of delivery`} without giving a reason. ` +
        "Just register the return in your account or reply to this e-mail.",
      warranty: `Every device comes with a ${WARRANTY_MONTHS}-month warranty from delivery; please keep your delivery note for it.`,
      help: "Questions, or need a hand? Just reply to this e-mail – we are happy to help.",
      review: "How do you like your purchase? A review helps others choose, and it only takes a minute:",
    },
  },
  es: {
    yourOrder: "Tu pedido",
    deliveryMethods: { standard: "Envío estándar", express: "Envío exprés" },
    paymentMethods: { sandbox: "Pago en línea", prepayment: "Transferencia bancaria por adelantado", stripe: "Tarjeta de crédito" },
    marginNote:
      "* Artículos de segunda mano: se venden acogidos al régimen especial de bienes usados (§ 25a de la ley alemana del IVA, UStG), por lo que el IVA no se indica por separado.",
    dispatch: (min, max) =>
      max === 0
        ? "Enviaremos tu pedido hoy mismo."
        : min > 0 && min < max
          ? `Enviaremos tu pedido en un plazo de ${min} a ${max} días laborables.`
          : `Enviaremos tu pedido en un plazo de ${max === 1 ? "un día laborable" : `${max} días laborables`}.`,
    accountLink: "Puedes consultar el estado de tu pedido en tu cuenta en cualquier momento:",
    guestLink: "Puedes consultar tu pedido en cualquier momento con este enlace, y desde allí devolver artículos o comunicar un defecto:",
    confirmation: {
      subject: (n) => `Tu pedido ${n} está confirmado`,
      intro: "¡Gracias por tu pedido! Hemos recibido tu pago y ya estamos preparando tus artículos para el envío.",
      invoiceAttached: "Encontrarás la factura adjunta en PDF.",
    },
    transfer: {
      subject: (n) => `Tu pedido ${n}: datos para la transferencia`,
      intro: (d) =>
        `¡Gracias por tu pedido! Has elegido pagar por adelantado mediante transferencia bancaria. Transfiere el importe total a la siguiente cuenta a más tardar el ${d.text}:`,
      holder: "Titular",
      iban: "IBAN",
      bic: "BIC",
      bank: "Banco",
      amount: "Importe",
      reference: "Concepto",
      referenceHint: "Indica como concepto únicamente el número de pedido para que podamos asignar tu pago rápidamente.",
      reserved: "Hasta entonces te reservamos los artículos. En cuanto recibamos el pago, te enviaremos una confirmación con la factura y prepararemos el envío.",
      deadlineNote: (d) => `Si no recibimos el pago a más tardar el ${d.text}, el pedido se cancelará automáticamente.`,
    },
    reminder: {
      subject: (n) => `Recordatorio: el pago de tu pedido ${n} sigue pendiente`,
      intro: (n, d) => `Todavía no hemos recibido tu transferencia para el pedido ${n}. Te reservamos los artículos hasta el ${d.text}.`,
      alreadyPaid: "¿Ya has hecho la transferencia? En ese caso, no tengas en cuenta este correo: una transferencia puede tardar uno o dos días laborables en llegar.",
    },
    cancelled: {
      subject: (n) => `Hemos cancelado tu pedido ${n}`,
      intro: (n, d) =>
        `Lamentablemente, no hemos recibido el pago de tu pedido ${n} hasta el ${d.text}. Por eso hemos cancelado el pedido y los artículos vuelven a estar a la venta.`,
      alreadyPaid: "Si ya has hecho la transferencia, ponte en contacto con nosotros y te devolveremos el importe de inmediato.",
      orderAgain: "¿Todavía quieres los artículos? Puedes volver a pedirlos mientras estén disponibles.",
    },
    shipped: {
      subject: (n) => `Tu pedido ${n} está en camino`,
      intro: (n, c) => `¡Buenas noticias! Tu pedido ${n} está en camino: hemos entregado tu paquete a ${c}.`,
      track: "Puedes seguir tu paquete aquí:",
      noTracking: "Este paquete no tiene seguimiento; lo recibirás en los próximos días laborables.",
      deliveryNoteAttached: "Encontrarás el albarán adjunto en PDF.",
      deliveryNoteLink: "Puedes descargar el albarán en PDF aquí:",
      inParcel: "En el paquete",
    },
    delivered: {
      subject: (n) => `Tu pedido ${n} ha sido entregado`,
      intro: (n) => `Tu pedido ${n} ya ha sido entregado. ¡Esperamos que lo disfrutes!`,
      returns: (d) =>
        `Si algo no te convence, puedes devolver cualquier artículo ${d ? `hasta el ${d.text} (${RETURN_DAYS} días desde la entrega)` : `en un plazo de ${RETURN_DAYS} días desde la entrega`} sin indicar el motivo. ` +
        "Solo tienes que solicitar la devolución en tu cuenta o responder a este correo.",
      warranty: `Todos los dispositivos tienen una garantía de ${WARRANTY_MONTHS} meses desde la entrega; guarda el albarán para ello.`,
      help: "¿Tienes preguntas o necesitas ayuda? Responde a este correo y te ayudaremos encantados.",
      review: "¿Qué te parece tu compra? Con una valoración ayudas a otros a elegir, y solo te llevará un minuto:",
    },
  },
  fr: {
    yourOrder: "Votre commande",
    deliveryMethods: { standard: "Livraison standard", express: "Livraison express" },
    paymentMethods: { sandbox: "Paiement en ligne", prepayment: "Virement bancaire anticipé", stripe: "Carte bancaire" },
    marginNote:
      "* Articles d'occasion : ces articles relèvent du régime de la marge (§ 25a de la loi allemande sur la TVA, UStG) ; la TVA n'est donc pas indiquée séparément.",
    dispatch: (min, max) =>
      max === 0
        ? "Nous expédions votre commande dès aujourd'hui."
        : min > 0 && min < max
          ? `Nous expédierons votre commande sous ${min} à ${max} jours ouvrés.`
          : `Nous expédierons votre commande sous ${max === 1 ? "un jour ouvré" : `${max} jours ouvrés`}.`,
    accountLink: "Vous pouvez suivre votre commande à tout moment dans votre compte client :",
    guestLink: "Vous pouvez suivre votre commande à tout moment grâce à ce lien, et y retourner des articles ou signaler un défaut :",
    confirmation: {
      subject: (n) => `Votre commande ${n} est confirmée`,
      intro: "Merci pour votre commande ! Nous avons bien reçu votre paiement et préparons dès maintenant l'expédition de vos articles.",
      invoiceAttached: "Vous trouverez votre facture en pièce jointe au format PDF.",
    },
    transfer: {
      subject: (n) => `Votre commande ${n} : coordonnées bancaires pour votre virement`,
      intro: (d) =>
        `Merci pour votre commande ! Vous avez choisi de payer par virement bancaire anticipé. Veuillez virer le montant total sur le compte suivant au plus tard le ${d.text} :`,
      holder: "Titulaire du compte",
      iban: "IBAN",
      bic: "BIC",
      bank: "Banque",
      amount: "Montant",
      reference: "Référence du virement",
      referenceHint: "Merci d'indiquer uniquement le numéro de commande comme référence, afin que nous puissions identifier rapidement votre paiement.",
      reserved: "D'ici là, nous vous réservons les articles. Dès réception de votre paiement, vous recevrez une confirmation accompagnée de la facture et nous expédierons votre commande.",
      deadlineNote: (d) => `Si nous n'avons pas reçu votre paiement le ${d.text} au plus tard, la commande sera annulée automatiquement.`,
    },
    reminder: {
      subject: (n) => `Rappel : le paiement de votre commande ${n} est toujours en attente`,
      intro: (n, d) => `Nous n'avons pas encore reçu votre virement pour la commande ${n}. Nous vous réservons les articles jusqu'au ${d.text}.`,
      alreadyPaid: "Vous avez déjà effectué le virement ? Dans ce cas, ne tenez pas compte de cet e-mail : un virement peut mettre un ou deux jours ouvrés à nous parvenir.",
    },
    cancelled: {
      subject: (n) => `Votre commande ${n} a été annulée`,
      intro: (n, d) =>
        `Malheureusement, nous n'avons reçu aucun paiement pour votre commande ${n} à la date du ${d.text}. Nous avons donc annulé la commande et remis les articles en vente.`,
      alreadyPaid: "Si vous avez effectué le virement entre-temps, contactez-nous : nous vous rembourserons sans délai.",
      orderAgain: "Les articles vous intéressent toujours ? Vous pouvez les commander à nouveau tant qu'ils sont disponibles.",
    },
    shipped: {
      subject: (n) => `Votre commande ${n} est en route`,
      intro: (n, c) => `Bonne nouvelle : votre commande ${n} est en route ! Nous avons remis votre colis à ${c}.`,
      track: "Vous pouvez suivre votre colis ici :",
      noTracking: "Ce colis ne dispose pas de suivi ; il vous parviendra dans les prochains jours ouvrés.",
      deliveryNoteAttached: "Vous trouverez le bon de livraison en pièce jointe au format PDF.",
      deliveryNoteLink: "Vous pouvez télécharger le bon de livraison au format PDF ici :",
      inParcel: "Dans le colis",
    },
    delivered: {
      subject: (n) => `Votre commande ${n} a été livrée`,
      intro: (n) => `Votre commande ${n} vous a été livrée. Profitez-en bien !`,
      returns: (d) =>
        `Si quelque chose ne vous convient pas, vous pouvez retourner tout article ${d ? `jusqu'au ${d.text} (${RETURN_DAYS} jours après la livraison)` : `dans un délai de ${RETURN_DAYS} jours après la livraison`}, sans avoir à vous justifier. ` +
        "Il vous suffit de signaler le retour dans votre compte client ou de répondre à cet e-mail.",
      warranty: `Chaque appareil bénéficie d'une garantie de ${WARRANTY_MONTHS} mois à compter de la livraison ; conservez pour cela votre bon de livraison.`,
      help: "Une question ou besoin d'aide ? Répondez simplement à cet e-mail, nous serons ravis de vous aider.",
      review: "Que pensez-vous de votre achat ? Votre avis aide les autres à choisir, et il ne prend qu'une minute :",
    },
  },
  it: {
    yourOrder: "Il tuo ordine",
    deliveryMethods: { standard: "Spedizione standard", express: "Spedizione espressa" },
    paymentMethods: { sandbox: "Pagamento online", prepayment: "Bonifico bancario anticipato", stripe: "Carta di credito" },
    marginNote:
      "* Articoli usati: questi articoli sono venduti in regime del margine (§ 25a della legge tedesca sull'IVA, UStG), pertanto l'IVA non è indicata separatamente.",
    dispatch: (min, max) =>
      max === 0
        ? "Spediremo il tuo ordine oggi stesso."
        : min > 0 && min < max
          ? `Spediremo il tuo ordine in ${min}–${max} giorni lavorativi.`
          : `Spediremo il tuo ordine entro ${max === 1 ? "un giorno lavorativo" : `${max} giorni lavorativi`}.`,
    accountLink: "Puoi controllare lo stato del tuo ordine nel tuo account in qualsiasi momento:",
    guestLink: "Puoi controllare il tuo ordine in qualsiasi momento con questo link, e da lì restituire articoli o segnalare un difetto:",
    confirmation: {
      subject: (n) => `Il tuo ordine ${n} è confermato`,
      intro: "grazie per il tuo ordine! Abbiamo ricevuto il pagamento e stiamo già preparando i tuoi articoli per la spedizione.",
      invoiceAttached: "In allegato trovi la fattura in formato PDF.",
    },
    transfer: {
      subject: (n) => `Il tuo ordine ${n}: coordinate per il bonifico`,
      intro: (d) =>
        `grazie per il tuo ordine! Hai scelto di pagare in anticipo con bonifico bancario. Ti chiediamo di versare l'importo totale sul seguente conto entro ${italianArticle(d, "il ", "l'")}:`,
      holder: "Intestatario",
      iban: "IBAN",
      bic: "BIC",
      bank: "Banca",
      amount: "Importo",
      reference: "Causale",
      referenceHint: "Come causale indica soltanto il numero d'ordine, così potremo abbinare subito il tuo pagamento.",
      reserved: "Fino ad allora teniamo gli articoli da parte per te. Appena riceviamo il pagamento, ti invieremo una conferma con la fattura e spediremo il tuo ordine.",
      deadlineNote: (d) => `Se il pagamento non arriva entro ${italianArticle(d, "il ", "l'")}, l'ordine verrà annullato automaticamente.`,
    },
    reminder: {
      subject: (n) => `Promemoria: il pagamento del tuo ordine ${n} è ancora in sospeso`,
      intro: (n, d) => `non abbiamo ancora ricevuto il tuo bonifico per l'ordine ${n}. Teniamo gli articoli da parte per te fino ${italianArticle(d, "al ", "all'")}.`,
      alreadyPaid: "Hai già effettuato il bonifico? Allora ignora pure questa e-mail: un bonifico può impiegare uno o due giorni lavorativi per arrivare.",
    },
    cancelled: {
      subject: (n) => `Il tuo ordine ${n} è stato annullato`,
      intro: (n, d) =>
        `purtroppo entro ${italianArticle(d, "il ", "l'")} non abbiamo ricevuto alcun pagamento per il tuo ordine ${n}. Abbiamo quindi annullato l'ordine e rimesso in vendita gli articoli.`,
      alreadyPaid: "Se nel frattempo hai già effettuato il bonifico, contattaci: ti rimborseremo subito l'importo.",
      orderAgain: "Ti interessano ancora gli articoli? Puoi ordinarli di nuovo finché sono disponibili.",
    },
    shipped: {
      subject: (n) => `Il tuo ordine ${n} è in viaggio`,
      intro: (n, c) => `buone notizie: il tuo ordine ${n} è in viaggio! Abbiamo affidato il tuo pacco a ${c}.`,
      track: "Puoi seguire il tuo pacco qui:",
      noTracking: "Questo pacco non è tracciabile; lo riceverai nei prossimi giorni lavorativi.",
      deliveryNoteAttached: "In allegato trovi il documento di trasporto in formato PDF.",
      deliveryNoteLink: "Puoi scaricare il documento di trasporto in formato PDF qui:",
      inParcel: "Nel pacco",
    },
    delivered: {
      subject: (n) => `Il tuo ordine ${n} è stato consegnato`,
      intro: (n) => `il tuo ordine ${n} è stato consegnato. Speriamo che ti piaccia!`,
      returns: (d) =>
        `Se qualcosa non va, puoi restituire qualsiasi articolo ${d ? `entro ${italianArticle(d, "il ", "l'")} (${RETURN_DAYS} giorni dalla consegna)` : `entro ${RETURN_DAYS} giorni dalla consegna`} senza indicarne il motivo. ` +
        "Basta registrare il reso nel tuo account o rispondere a questa e-mail.",
      warranty: `Ogni dispositivo ha una garanzia di ${WARRANTY_MONTHS} mesi dalla consegna; a tal fine conserva il documento di trasporto.`,
      help: "Hai domande o ti serve aiuto? Rispondi semplicemente a questa e-mail: saremo felici di aiutarti.",
      review: "Come ti trovi con il tuo acquisto? Con una recensione aiuti gli altri a scegliere, e ci vuole solo un minuto:",
    },
  },
  nl: {
    yourOrder: "Je bestelling",
    deliveryMethods: { standard: "Standaardverzending", express: "Expresverzending" },
    paymentMethods: { sandbox: "Online betaling", prepayment: "Vooruitbetaling per bankoverschrijving", stripe: "Creditcard" },
    marginNote:
      "* Gebruikte artikelen: voor deze artikelen geldt de margeregeling (§ 25a van de Duitse btw-wet, UStG); de btw wordt daarom niet apart vermeld.",
    dispatch: (min, max) =>
      max === 0
        ? "We versturen je bestelling vandaag nog."
        : min > 0 && min < max
          ? `We versturen je bestelling binnen ${min}–${max} werkdagen.`
          : `We versturen je bestelling binnen ${max === 1 ? "één werkdag" : `${max} werkdagen`}.`,
    accountLink: "De status van je bestelling kun je altijd bekijken in je account:",
    guestLink: "Via deze link bekijk je je bestelling altijd, en kun je artikelen terugsturen of een defect melden:",
    confirmation: {
      subject: (n) => `Je bestelling ${n} is bevestigd`,
      intro: "Bedankt voor je bestelling! We hebben je betaling ontvangen en maken je artikelen nu klaar voor verzending.",
      invoiceAttached: "Je factuur vind je als pdf in de bijlage.",
    },
    transfer: {
      subject: (n) => `Je bestelling ${n}: gegevens voor je overboeking`,
      intro: (d) => `Bedankt voor je bestelling! Je hebt gekozen voor vooruitbetaling per bankoverschrijving. Maak het totaalbedrag uiterlijk ${d.text} over naar deze rekening:`,
      holder: "Rekeninghouder",
      iban: "IBAN",
      bic: "BIC",
      bank: "Bank",
      amount: "Bedrag",
      reference: "Omschrijving",
      referenceHint: "Vermeld als omschrijving alleen het bestelnummer, zodat we je betaling snel kunnen verwerken.",
      reserved: "Tot die tijd houden we de artikelen voor je apart. Zodra je betaling binnen is, krijg je een bevestiging met de factuur en versturen we je bestelling.",
      deadlineNote: (d) => `Hebben we je betaling uiterlijk ${d.text} niet ontvangen, dan annuleren we de bestelling automatisch.`,
    },
    reminder: {
      subject: (n) => `Herinnering: de betaling van je bestelling ${n} staat nog open`,
      intro: (n, d) => `We hebben je overboeking voor bestelling ${n} nog niet ontvangen. We houden de artikelen tot ${d.text} voor je apart.`,
      alreadyPaid: "Heb je het bedrag al overgemaakt? Dan kun je deze e-mail negeren – een overboeking kan één tot twee werkdagen onderweg zijn.",
    },
    cancelled: {
      subject: (n) => `Je bestelling ${n} is geannuleerd`,
      intro: (n, d) =>
        `Helaas hebben we voor je bestelling ${n} tot en met ${d.text} geen betaling ontvangen. We hebben de bestelling daarom geannuleerd en de artikelen weer vrijgegeven.`,
      alreadyPaid: "Heb je het bedrag inmiddels toch overgemaakt? Neem dan contact met ons op, dan storten we het meteen terug.",
      orderAgain: "Wil je de artikelen toch nog hebben? Je kunt ze gewoon opnieuw bestellen zolang ze beschikbaar zijn.",
    },
    shipped: {
      subject: (n) => `Je bestelling ${n} is onderweg`,
      intro: (n, c) => `Goed nieuws: je bestelling ${n} is onderweg! We hebben je pakket aan ${c} meegegeven.`,
      track: "Je kunt je pakket hier volgen:",
      noTracking: "Dit pakket heeft geen track-and-trace; je ontvangt het in de komende werkdagen.",
      deliveryNoteAttached: "De pakbon vind je als pdf in de bijlage.",
      deliveryNoteLink: "Je kunt de pakbon hier als pdf downloaden:",
      inParcel: "In het pakket",
    },
    delivered: {
      subject: (n) => `Je bestelling ${n} is bezorgd`,
      intro: (n) => `Je bestelling ${n} is bezorgd. Veel plezier ermee!`,
      returns: (d) =>
        `Bevalt iets toch niet? Je kunt elk artikel ${d ? `tot en met ${d.text} (${RETURN_DAYS} dagen na levering)` : `binnen ${RETURN_DAYS} dagen na levering`} zonder opgave van redenen retourneren. ` +
        "Meld de retour aan in je account of beantwoord deze e-mail.",
      warranty: `Op elk apparaat heb je ${WARRANTY_MONTHS} maanden garantie vanaf de levering; bewaar daarvoor de pakbon.`,
      help: "Vragen of hulp nodig? Beantwoord gewoon deze e-mail – we helpen je graag.",
      review: "Hoe bevalt je aankoop? Met een review help je anderen kiezen, en het kost maar een minuut:",
    },
  },
};
