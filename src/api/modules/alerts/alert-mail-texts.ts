import type { Translated } from "../../../domain/i18n/locales.ts";

/**
 * The fixed texts of the alert mails in one language, in the same voice as the order and sale mails (du in
 * German, vous in French). Grade names come from the invoice's texts, the closing lines from the order mails'.
 * Product names stand without an article, so the sentences are built where no gender shows and no word
 * before the name needs eliding (French "dès qu'iPhone").
 */
export interface AlertMailTexts {
  /** With the customer's first name when the account has one. */
  /** Leads to the product page link. */
  view: string;
  backInStock: {
    subject: (product: string) => string;
    /** Before the list of grades now in stock and their prices; grades is how many there are. */
    intro: (product: string, grades: number) => string;
    /** Units are single pieces and can sell out quickly. */
    singlePieces: string;
    /** Why the mail came and how to stop it; the unsubscribe link follows. */
    footer: (product: string) => string;
  };
  priceDrop: {
    subject: (product: string, newPrice: string) => string;
    /** Before the product with its old and new price. */
    intro: string;
    /** Why the mail came (the wishlist) and how to stop price-drop mails for it; the unsubscribe link follows. */
    footer: (product: string) => string;
  };
}

const one = (grades: number) => grades === 1;

export const ALERT_MAIL_TEXTS: Translated<AlertMailTexts> = {
  de: {
    view: "Jetzt ansehen:",
    backInStock: {
      subject: (p) => `${p} ist wieder da`,
      intro: (p, n) => `gute Nachrichten: ${p} ist wieder da – ${one(n) ? "in diesem Zustand" : "in diesen Zuständen"}:`,
      singlePieces: "Unsere Artikel sind Einzelstücke und oft schnell wieder verkauft. Wenn du zuschlagen möchtest, warte also besser nicht zu lange.",
      footer: (p) =>
        `Du bekommst diese E-Mail, weil du benachrichtigt werden wolltest, sobald ${p} wieder da ist. Du möchtest diese Benachrichtigungen nicht mehr? Dann melde dich hier ab:`,
    },
    priceDrop: {
      subject: (p, price) => `${p} ist jetzt günstiger: ${price}`,
      intro: "gute Nachrichten: Ein Artikel auf deiner Wunschliste ist im Preis gesunken:",
      footer: (p) =>
        `Du bekommst diese E-Mail, weil ${p} auf deiner Wunschliste steht. Du möchtest zu diesem Artikel keine E-Mails über Preissenkungen mehr? Dann melde dich hier ab:`,
    },
  },
  en: {
    view: "Take a look now:",
    backInStock: {
      subject: (p) => `${p} is back in stock`,
      intro: (p, n) => `Good news: ${p} is back in stock – ${one(n) ? "in this condition" : "in these conditions"}:`,
      singlePieces: "Each of our items is a one-off, so it can sell out quickly. If you want it, it is best not to wait too long.",
      footer: (p) => `You are receiving this email because you asked us to let you know when ${p} is back in stock. Don't want these notifications any more? Unsubscribe here:`,
    },
    priceDrop: {
      subject: (p, price) => `${p} is now cheaper: ${price}`,
      intro: "Good news: an item on your wishlist has dropped in price:",
      footer: (p) => `You are receiving this email because ${p} is on your wishlist. Don't want price-drop emails for this item any more? Unsubscribe here:`,
    },
  },
  es: {
    view: "Échale un vistazo ahora:",
    backInStock: {
      subject: (p) => `${p} vuelve a estar disponible`,
      intro: (p, n) => `¡Buenas noticias! ${p} vuelve a estar disponible ${one(n) ? "en este estado" : "en estos estados"}:`,
      singlePieces: "Cada uno de nuestros artículos es una pieza única, así que puede agotarse enseguida. Si te interesa, mejor no esperes demasiado.",
      footer: (p) =>
        `Recibes este correo porque nos pediste que te avisáramos cuando ${p} volviera a estar disponible. ¿Ya no quieres recibir estos avisos? Date de baja aquí:`,
    },
    priceDrop: {
      subject: (p, price) => `Bajada de precio: ${p} ahora por ${price}`,
      intro: "¡Buenas noticias! Un artículo de tu lista de deseos ha bajado de precio:",
      footer: (p) => `Recibes este correo porque ${p} está en tu lista de deseos. ¿Ya no quieres recibir avisos de bajadas de precio de este artículo? Date de baja aquí:`,
    },
  },
  fr: {
    view: "Voir l'article :",
    backInStock: {
      subject: (p) => `${p} est de nouveau disponible`,
      intro: (p, n) => `Bonne nouvelle : ${p} est de nouveau disponible, ${one(n) ? "dans cet état" : "dans ces états"} :`,
      singlePieces: "Chacun de nos articles est une pièce unique et peut donc partir très vite. S'il vous intéresse, mieux vaut ne pas trop attendre.",
      footer: () =>
        `Vous recevez cet e-mail car vous nous avez demandé de vous prévenir du retour de cet article. Vous ne souhaitez plus recevoir ces alertes ? Désabonnez-vous ici :`,
    },
    priceDrop: {
      subject: (p, price) => `Baisse de prix : ${p} désormais à ${price}`,
      intro: "Bonne nouvelle : le prix d'un article de votre liste d'envies a baissé :",
      footer: (p) =>
        `Vous recevez cet e-mail car ${p} figure dans votre liste d'envies. Vous ne souhaitez plus recevoir d'alertes de baisse de prix pour cet article ? Désabonnez-vous ici :`,
    },
  },
  it: {
    view: "Dai un'occhiata ora:",
    backInStock: {
      subject: (p) => `${p} è di nuovo disponibile`,
      intro: (p, n) => `buone notizie: ${p} è di nuovo disponibile ${one(n) ? "in questa condizione" : "in queste condizioni"}:`,
      singlePieces: "Ogni nostro articolo è un pezzo unico e può esaurirsi in fretta: se ti interessa, meglio non aspettare troppo.",
      footer: (p) =>
        `Ricevi questa email perché ci hai chiesto di avvisarti non appena ${p} fosse di nuovo disponibile. Non vuoi più ricevere questi avvisi? Disattivali qui:`,
    },
    priceDrop: {
      subject: (p, price) => `${p} ora costa meno: ${price}`,
      intro: "buone notizie: un articolo della tua lista dei desideri è sceso di prezzo:",
      footer: (p) =>
        `Ricevi questa email perché ${p} è nella tua lista dei desideri. Non vuoi più ricevere avvisi sui ribassi di prezzo per questo articolo? Disattivali qui:`,
    },
  },
  nl: {
    view: "Nu bekijken:",
    backInStock: {
      subject: (p) => `${p} is weer op voorraad`,
      intro: (p, n) => `Goed nieuws: ${p} is weer op voorraad, ${one(n) ? "in deze conditie" : "in deze condities"}:`,
      singlePieces: "Al onze artikelen zijn unieke exemplaren en kunnen snel uitverkocht zijn – wacht dus niet te lang als je interesse hebt.",
      footer: (p) =>
        `Je ontvangt deze e-mail omdat je hebt gevraagd om een bericht zodra ${p} weer op voorraad is. Wil je deze meldingen niet meer ontvangen? Meld je hier af:`,
    },
    priceDrop: {
      subject: (p, price) => `${p} is nu goedkoper: ${price}`,
      intro: "Goed nieuws: een artikel op je verlanglijst is in prijs verlaagd:",
      footer: (p) =>
        `Je ontvangt deze e-mail omdat ${p} op je verlanglijst staat. Wil je voor dit artikel geen berichten over prijsverlagingen meer ontvangen? Meld je hier af:`,
    },
  },
};
