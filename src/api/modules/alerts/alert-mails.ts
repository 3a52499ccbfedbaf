import { invoiceTexts } from "../../../documents/invoice-texts.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { compose, items, link, paragraph, rows, type Block, type ComposedMail } from "../../../mail/compose.ts";
import { greeting, signOff } from "../../../mail/texts.ts";
import { ALERT_MAIL_TEXTS, type AlertMailTexts } from "./alert-mail-texts.ts";

export type { ComposedMail } from "../../../mail/compose.ts";

export interface BackInStockMail {
  locale: Locale;
  firstName: string | null;
  productName: string;
  /** The grades now in stock that the customer asked for, best first, with their prices in cents. */
  offers: { grade: Grade; priceCents: number }[];
  /** The product page with the best of these grades preselected (absolute URL). */
  productUrl: string;
  /** Ends this alert (absolute URL). */
  unsubscribeUrl: string;
}

export interface PriceDropMail {
  locale: Locale;
  firstName: string | null;
  productName: string;
  oldPriceCents: number;
  newPriceCents: number;
  productUrl: string;
  /** Stops price-drop mails for this wishlist item (absolute URL). */
  unsubscribeUrl: string;
}

/** "Tell me when it is back": the grades now in stock with their prices, and the product page. */
export function backInStockMail(mail: BackInStockMail): ComposedMail {
  if (mail.offers.length === 0) throw new Error(`Back-in-stock mail for ${mail.productName}: there is no grade in stock to announce`);
  const t = ALERT_MAIL_TEXTS[mail.locale];
  const grades = invoiceTexts(mail.locale).grades;
  return write(mail, t, t.backInStock.subject(mail.productName), t.backInStock.footer(mail.productName), [
    paragraph(t.backInStock.intro(mail.productName, mail.offers.length)),
    rows(mail.offers.map((offer) => ({ label: grades[offer.grade], value: formatMoney(offer.priceCents, mail.locale) }))),
    paragraph(t.view),
    link(mail.productUrl),
    paragraph(t.backInStock.singlePieces),
  ]);
}

/** A product on the wishlist got cheaper: its old and new price, and the product page. */
export function priceDropMail(mail: PriceDropMail): ComposedMail {
  const t = ALERT_MAIL_TEXTS[mail.locale];
  const [oldPrice, newPrice] = [formatMoney(mail.oldPriceCents, mail.locale), formatMoney(mail.newPriceCents, mail.locale)];
  return write(mail, t, t.priceDrop.subject(mail.productName, newPrice), t.priceDrop.footer(mail.productName), [
    paragraph(t.priceDrop.intro),
    items([{ name: mail.productName, details: [], amounts: [`${oldPrice} → ${newPrice}`] }]),
    paragraph(t.view),
    link(mail.productUrl),
  ]);
}

/** Greeting, body and closing lines, then why the mail came with the link that stops it, last and muted. */
function write(mail: BackInStockMail | PriceDropMail, t: AlertMailTexts, subject: string, footer: string, body: Block[]): ComposedMail {
  return compose(mail.locale, subject, [
    greeting(mail.locale, mail.firstName),
    ...body,
    signOff(mail.locale),
    paragraph(footer, true),
    link(mail.unsubscribeUrl),
  ]);
}
