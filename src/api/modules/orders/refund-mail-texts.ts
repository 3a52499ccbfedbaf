import type { Translated } from "../../../domain/i18n/locales.ts";

/** The fixed texts of the cancellation and refund mails in one language; amounts come formatted. */
export interface RefundMailTexts {
  cancelled: { subject: (number: string) => string; intro: (number: string) => string; refund: (amount: string) => string; nothingPaid: string };
  refunded: { subject: (number: string) => string; intro: (amount: string, number: string) => string };
  /** How the money comes back: through the payment method, or by bank transfer for orders paid in advance. */
  way: { provider: string; transfer: string };
}

export const REFUND_MAIL_TEXTS: Translated<RefundMailTexts> = {
  de: {
    cancelled: {
      subject: (n) => `Deine Bestellung ${n} ist storniert`,
      intro: (n) => `deine Bestellung ${n} ist storniert, und wir haben die Artikel wieder freigegeben.`,
      refund: (a) => `Den bezahlten Betrag von ${a} erstatten wir dir zurück.`,
      nothingPaid: "Da noch keine Zahlung bei uns eingegangen war, musst du nichts weiter tun.",
    },
    refunded: { subject: (n) => `Erstattung zu deiner Bestellung ${n}`, intro: (a, n) => `wir erstatten dir ${a} für deine Bestellung ${n}.` },
    way: {
      provider: "Das Geld geht über deine Zahlungsart an dich zurück; bis es auf deinem Konto ist, kann es ein paar Tage dauern.",
      transfer: "Wir überweisen den Betrag auf das Konto, von dem du bezahlt hast.",
    },
  },
  en: {
    cancelled: {
      subject: (n) => `Your order ${n} has been cancelled`,
      intro: (n) => `Your order ${n} has been cancelled, and its items are back on sale.`,
      refund: (a) => `We are refunding the ${a} you paid.`,
      nothingPaid: "As no payment had reached us yet, there is nothing more for you to do.",
    },
    refunded: { subject: (n) => `Refund for your order ${n}`, intro: (a, n) => `We are refunding ${a} for your order ${n}.` },
    way: {
      provider: "The money goes back through the payment method you used; it can take a few days to reach your account.",
      transfer: "We will transfer the amount to the account you paid from.",
    },
  },
  es: {
    cancelled: {
      subject: (n) => `Hemos cancelado tu pedido ${n}`,
      intro: (n) => `Tu pedido ${n} ha sido cancelado y sus artículos vuelven a estar a la venta.`,
      refund: (a) => `Te devolvemos los ${a} que pagaste.`,
      nothingPaid: "Como aún no habíamos recibido ningún pago, no tienes que hacer nada más.",
    },
    refunded: { subject: (n) => `Reembolso de tu pedido ${n}`, intro: (a, n) => `Te reembolsamos ${a} de tu pedido ${n}.` },
    way: {
      provider: "El dinero vuelve por el mismo método de pago que usaste; puede tardar unos días en llegar a tu cuenta.",
      transfer: "Te transferiremos el importe a la cuenta desde la que pagaste.",
    },
  },
  fr: {
    cancelled: {
      subject: (n) => `Votre commande ${n} a été annulée`,
      intro: (n) => `Votre commande ${n} a été annulée et ses articles sont de nouveau en vente.`,
      refund: (a) => `Nous vous remboursons les ${a} que vous avez payés.`,
      nothingPaid: "Aucun paiement ne nous étant encore parvenu, vous n'avez rien d'autre à faire.",
    },
    refunded: { subject: (n) => `Remboursement de votre commande ${n}`, intro: (a, n) => `Nous vous remboursons ${a} pour votre commande ${n}.` },
    way: {
      provider: "L'argent vous est rendu par le moyen de paiement utilisé ; quelques jours peuvent passer avant qu'il n'apparaisse sur votre compte.",
      transfer: "Nous virerons le montant sur le compte depuis lequel vous avez payé.",
    },
  },
  it: {
    cancelled: {
      subject: (n) => `Il tuo ordine ${n} è stato annullato`,
      intro: (n) => `il tuo ordine ${n} è stato annullato e gli articoli sono di nuovo in vendita.`,
      refund: (a) => `Ti rimborsiamo i ${a} che hai pagato.`,
      nothingPaid: "Poiché non avevamo ancora ricevuto alcun pagamento, non devi fare nient'altro.",
    },
    refunded: { subject: (n) => `Rimborso per il tuo ordine ${n}`, intro: (a, n) => `ti rimborsiamo ${a} per il tuo ordine ${n}.` },
    way: {
      provider: "Il denaro ti viene restituito con il metodo di pagamento che hai usato; possono volerci alcuni giorni prima che arrivi sul tuo conto.",
      transfer: "Ti bonificheremo l'importo sul conto da cui hai pagato.",
    },
  },
  nl: {
    cancelled: {
      subject: (n) => `Je bestelling ${n} is geannuleerd`,
      intro: (n) => `Je bestelling ${n} is geannuleerd en de artikelen zijn weer te koop.`,
      refund: (a) => `We betalen je de ${a} die je hebt betaald terug.`,
      nothingPaid: "Omdat er nog geen betaling bij ons binnen was, hoef je verder niets te doen.",
    },
    refunded: { subject: (n) => `Terugbetaling voor je bestelling ${n}`, intro: (a, n) => `We betalen je ${a} terug voor je bestelling ${n}.` },
    way: {
      provider: "Het geld gaat terug via de betaalmethode die je hebt gebruikt; het kan een paar dagen duren voordat het op je rekening staat.",
      transfer: "We maken het bedrag over naar de rekening waarvan je hebt betaald.",
    },
  },
};
