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
  },
};
