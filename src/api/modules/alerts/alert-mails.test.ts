import { describe, expect, it } from "vitest";
import { INVOICE_TEXTS } from "../../../documents/invoice-texts.ts";
import { LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { ALERT_MAIL_TEXTS } from "./alert-mail-texts.ts";
import { backInStockMail, priceDropMail, type BackInStockMail, type PriceDropMail } from "./alert-mails.ts";

const PRODUCT_URL = "https://reloop.example/de/p/iphone-13-pro-128-gb-graphit?grade=A0";
const ALERT_OFF_URL = "https://reloop.example/alerts/0b6f4c1e/off";
const WISHLIST_OFF_URL = "https://reloop.example/wishlist/5f2a9d70/price-alerts/off";

const backInStock: BackInStockMail = {
  locale: "de",
  firstName: "Lena",
  productName: "iPhone 13 Pro, 128 GB, Graphit",
  offers: [
    { grade: "A0", priceCents: 54_900 },
    { grade: "A2", priceCents: 47_900 },
  ],
  productUrl: PRODUCT_URL,
  unsubscribeUrl: ALERT_OFF_URL,
};

const priceDrop: PriceDropMail = {
  locale: "de",
  firstName: "Lena",
  productName: "iPhone 13 Pro, 128 GB, Graphit",
  oldPriceCents: 49_900,
  newPriceCents: 44_900,
  productUrl: PRODUCT_URL,
  unsubscribeUrl: WISHLIST_OFF_URL,
};

/** Amounts keep their number and € together with a no-break space; the expectations are easier to read with plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");
const mails = (locale: Locale) => [backInStockMail({ ...backInStock, locale }), priceDropMail({ ...priceDrop, locale })];

describe("alert mails", () => {
  it("are written in all six languages, each its own, with the product in the subject and both links in text and HTML", () => {
    const composed = LOCALES.map(mails);
    for (const [i, [inStock, cheaper]] of composed.entries()) {
      const locale = LOCALES[i];
      for (const [mail, unsubscribeUrl] of [
        [inStock!, ALERT_OFF_URL],
        [cheaper!, WISHLIST_OFF_URL],
      ] as const) {
        expect(mail.subject, locale).toContain("iPhone 13 Pro, 128 GB, Graphit");
        expect(mail.text, locale).toContain("Lena");
        expect(mail.text, locale).toContain(PRODUCT_URL);
        expect(mail.text, locale).toContain(unsubscribeUrl);
        expect(mail.html, locale).toContain(`<a href="${PRODUCT_URL}">`);
        expect(mail.html, locale).toContain(`<a href="${unsubscribeUrl}">`);
        expect(mail.html, locale).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
        // Why the mail came and how to stop it come last.
        expect(mail.text.trimEnd().endsWith(unsubscribeUrl), locale).toBe(true);
      }
      expect(plain(cheaper!.subject), locale).toMatch(/449[,.]00/);
      expect(plain(cheaper!.text), locale).toMatch(/499[,.]00 ?€? → (€ ?)?449[,.]00/);
    }
    for (const which of [0, 1]) {
      expect(new Set(composed.map((m) => m[which]!.subject)).size).toBe(LOCALES.length);
      expect(new Set(composed.map((m) => m[which]!.text)).size).toBe(LOCALES.length);
    }
    for (const locale of LOCALES) expect(JSON.stringify(ALERT_MAIL_TEXTS[locale])).not.toMatch(/"\s*"/);
  });

  it("list the grades by their names in the customer's language, with their prices", () => {
    for (const locale of LOCALES) {
      const { text, html } = backInStockMail({ ...backInStock, locale });
      const grades = INVOICE_TEXTS[locale].grades;
      const { colon } = INVOICE_TEXTS[locale];
      // Best first, as given, each with its price.
      expect(text, locale).toContain(`\n\n${grades.A0}${colon}${formatMoney(54_900, locale)}\n${grades.A2}${colon}${formatMoney(47_900, locale)}\n\n`);
      expect(text.replaceAll(PRODUCT_URL, ""), locale).not.toMatch(/\bA[0-4]\b/);
      expect(html, locale).toContain(grades.A0.replace(/'/g, "&#39;"));
    }
  });

  it("announce a product back in stock in German", () => {
    const { subject, ...mail } = backInStockMail(backInStock);
    const text = plain(mail.text);
    expect(subject).toBe("iPhone 13 Pro, 128 GB, Graphit ist wieder da");
    expect(text).toMatch(/^Hallo Lena,\n\ngute Nachrichten: iPhone 13 Pro, 128 GB, Graphit ist wieder da – in diesen Zuständen:\n\n/);
    expect(text).toContain("Wie neu: 549,00 €\nGut: 479,00 €");
    expect(text).toContain(`Jetzt ansehen:\n\n${PRODUCT_URL}`);
    expect(text).toContain("Unsere Artikel sind Einzelstücke und oft schnell wieder verkauft.");
    expect(text).toContain("Viele Grüße\ndein Reloop-Team");
    expect(text).toContain(
      `Du bekommst diese E-Mail, weil du benachrichtigt werden wolltest, sobald iPhone 13 Pro, 128 GB, Graphit wieder da ist. Du möchtest diese Benachrichtigungen nicht mehr? Dann melde dich hier ab:\n\n${ALERT_OFF_URL}\n`,
    );
    expect(mail.html).toContain('<p style="color:#555">Du bekommst diese E-Mail');

    const single = backInStockMail({ ...backInStock, firstName: null, offers: [{ grade: "A1", priceCents: 51_900 }] }).text;
    expect(plain(single)).toMatch(/^Hallo,\n\ngute Nachrichten: .* ist wieder da – in diesem Zustand:\n\nSehr gut: 519,00 €\n/);
  });

  it("announce a product back in stock in English", () => {
    const { subject, text } = backInStockMail({ ...backInStock, locale: "en" });
    expect(subject).toBe("iPhone 13 Pro, 128 GB, Graphit is back in stock");
    expect(text).toContain("Good news: iPhone 13 Pro, 128 GB, Graphit is back in stock – in these conditions:\n\nLike new: €549.00\nGood: €479.00");
    expect(text).toContain(`Take a look now:\n\n${PRODUCT_URL}`);
    expect(text).toContain("Each of our items is a one-off, so it can sell out quickly.");
    expect(text).toContain("Kind regards,\nThe Reloop team");
    expect(text).toContain("you asked us to let you know when iPhone 13 Pro, 128 GB, Graphit is back in stock. Don't want these notifications any more? Unsubscribe here:");
  });

  it("refuse to announce a product back in stock without a grade in stock", () => {
    expect(() => backInStockMail({ ...backInStock, offers: [] })).toThrow(/iPhone 13 Pro/);
  });

  it("tell of a price drop on the wishlist in German and English", () => {
    const de = priceDropMail(priceDrop);
    expect(plain(de.subject)).toBe("iPhone 13 Pro, 128 GB, Graphit ist jetzt günstiger: 449,00 €");
    expect(plain(de.text)).toContain("gute Nachrichten: Ein Artikel auf deiner Wunschliste ist im Preis gesunken:\n\niPhone 13 Pro, 128 GB, Graphit\n  499,00 € → 449,00 €");
    expect(de.text).toContain(`Jetzt ansehen:\n\n${PRODUCT_URL}`);
    expect(de.text).toContain("weil iPhone 13 Pro, 128 GB, Graphit auf deiner Wunschliste steht.");
    expect(de.text).toContain("keine E-Mails über Preissenkungen mehr? Dann melde dich hier ab:");
    expect(de.text).not.toContain("Einzelstücke");

    const en = priceDropMail({ ...priceDrop, locale: "en", firstName: null });
    expect(en.subject).toBe("iPhone 13 Pro, 128 GB, Graphit is now cheaper: €449.00");
    expect(en.text).toMatch(/^Hello,\n\nGood news: an item on your wishlist has dropped in price:\n\niPhone 13 Pro, 128 GB, Graphit\n {2}€499\.00 → €449\.00\n/);
    expect(en.text).toContain(`because iPhone 13 Pro, 128 GB, Graphit is on your wishlist. Don't want price-drop emails for this item any more? Unsubscribe here:\n\n${WISHLIST_OFF_URL}`);
  });

  it("escape the product name in the HTML", () => {
    const productName = 'iPhone <script>alert("x")</script> & Co';
    for (const locale of LOCALES) {
      for (const { html, text, subject } of [backInStockMail({ ...backInStock, locale, productName }), priceDropMail({ ...priceDrop, locale, productName })]) {
        expect(html, locale).not.toContain("<script>");
        expect(html, locale).toContain("iPhone &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co");
        // Subject and plain text are not HTML: they show the name as typed.
        expect(subject, locale).toContain(productName);
        expect(text, locale).toContain(productName);
      }
    }
  });

  it("keep French punctuation off the start of a line", () => {
    for (const { subject, text } of mails("fr")) {
      expect(subject).not.toMatch(/ [!?:;]/);
      expect(text).not.toMatch(/ [!?:;]/);
    }
    expect(priceDropMail({ ...priceDrop, locale: "fr" }).subject).toBe("Baisse de prix\u00a0: iPhone 13 Pro, 128 GB, Graphit désormais à 449,00\u00a0€");
  });
});
