import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { SALE_MAIL_TEXTS } from "./sale-mail-texts.ts";
import { SALE_MAIL_KINDS, saleMail, settledPayoutCents, type SaleSummary } from "./sale-mails.ts";

const SALE_URL = "https://reloop.example/my/sales/0b6f4c1e";

/** Two items, one parcel, PayPal; express grading takes 4,90 € off: 619,00 € − 4,90 € = 614,10 €. */
const sale: SaleSummary = {
  locale: "de",
  number: "S-0001000",
  firstName: "Lena",
  items: [
    { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", priceCents: 41_000, counterofferPriceCents: null, counterofferReason: null },
    { name: "Nintendo Switch OLED", grade: "A2", priceCents: 20_900, counterofferPriceCents: null, counterofferReason: null },
  ],
  payoutCents: 61_410,
  counterofferPayoutCents: null,
  payoutMethod: "paypal",
  carrier: "dhl",
  parcels: 1,
  counterofferDeadline: null,
  saleUrl: SALE_URL,
};

/** Inspection found the phone worse than stated: 410,00 € → 360,00 €, so the payout drops by 50,00 € to 564,10 €. */
const countered: SaleSummary = {
  ...sale,
  items: [{ ...sale.items[0]!, counterofferPriceCents: 36_000, counterofferReason: "Tiefe Kratzer im Display" }, sale.items[1]!],
  counterofferPayoutCents: 56_410,
  counterofferDeadline: new Date("2026-03-28T10:00:00Z"),
};

const in_ = (locale: Locale, base: SaleSummary = countered): SaleSummary => ({ ...base, locale });
/** Amounts keep their number and € together with a no-break space; the expectations are easier to read with plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("sale mails", () => {
  it("are written for every step in all six languages, each its own, with the sale number in the subject and a link to the sale", () => {
    for (const kind of SALE_MAIL_KINDS) {
      const composed = LOCALES.map((locale) => saleMail(kind, in_(locale)));
      for (const mail of composed) {
        expect(mail.subject, kind).toContain("S-0001000");
        expect(mail.text, kind).toContain(SALE_URL);
        expect(mail.text, kind).toContain("Lena");
        expect(mail.html, kind).toContain(`<a href="${SALE_URL}">`);
        expect(mail.html, kind).toMatch(/^<!doctype html><html lang="(de|en|es|fr|it|nl)">/);
      }
      expect(new Set(composed.map((m) => m.subject)).size, kind).toBe(LOCALES.length);
      expect(new Set(composed.map((m) => m.text)).size, kind).toBe(LOCALES.length);
    }
    for (const locale of LOCALES) expect(JSON.stringify(SALE_MAIL_TEXTS[locale])).not.toMatch(/"\s*"/);
  });

  it("greet sellers without a first name without a gap", () => {
    expect(saleMail("parcelReceived", { ...sale, firstName: null }).text).toMatch(/^Hallo,\n/);
    expect(saleMail("parcelReceived", { ...sale, locale: "en", firstName: null }).text).toMatch(/^Hello,\n/);
    expect(saleMail("parcelReceived", { ...sale, locale: "es", firstName: null }).text).toMatch(/^Hola:\n/);
  });

  it("send the label with packing and drop-off instructions, the items and the expected payout", () => {
    const { subject, ...mail } = saleMail("created", sale);
    const text = plain(mail.text);
    expect(subject).toBe("Dein Verkauf S-0001000: dein Versandetikett");
    expect(text).toContain("Im Anhang findest du dein Versandetikett als PDF.");
    expect(text).toContain("Bring das Paket bitte innerhalb von 14 Tagen zu einer DHL-Filiale oder in einen DHL Paketshop.");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit\n  Zustand: Sehr gut\n  410,00 €");
    expect(text).toContain("Summe der Angebote: 619,00 €\nVoraussichtliche Auszahlung: 614,10 €\nAuszahlungsart: PayPal");
    expect(text).toContain("Viele Grüße\ndein Reloop-Team");

    const en = plain(saleMail("created", { ...sale, locale: "en", carrier: "hermes", parcels: 3, payoutMethod: "bank_transfer" }).text);
    expect(en).toContain("one page for each of your 3 parcels");
    expect(en).toContain("Please take the parcels to a Hermes ParcelShop within 14 days.");
    expect(en).toContain("Expected payout: €614.10\nPayout method: Bank transfer");
  });

  it("leave out the sum of the offers when it is the payout", () => {
    const text = plain(saleMail("created", { ...sale, payoutCents: 61_900 }).text);
    expect(text).not.toContain("Summe der Angebote");
    expect(text).toContain("Voraussichtliche Auszahlung: 619,00 €");
  });

  it("make a counteroffer with old and new prices, the reason, both payouts and the deadline", () => {
    const { subject, ...mail } = saleMail("counteroffer", countered);
    const text = plain(mail.text);
    expect(subject).toBe("Neues Angebot zu deinem Verkauf S-0001000");
    expect(text).toContain("Bei einem davon weicht der Zustand von deiner Angabe ab");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit\n  Grund: Tiefe Kratzer im Display\n  410,00 € → 360,00 €");
    expect(text).not.toContain("Nintendo Switch OLED");
    expect(text).toContain("Für alle anderen Artikel bleibt es bei unserem ursprünglichen Angebot.");
    expect(text).toContain("Bisherige Auszahlung: 614,10 €\nNeue Auszahlung: 564,10 €");
    expect(text).toContain(`Bitte nimm das neue Angebot bis zum 28. März 2026 in deinem Kundenkonto an oder lehne es ab:\n\n${SALE_URL}`);
    expect(text).toContain("Lehnst du ab, schicken wir dir dein Paket kostenlos zurück.");
    expect(text).toContain("Hören wir bis zum 28. März 2026 nichts von dir, gilt das neue Angebot als angenommen.");

    for (const locale of LOCALES) {
      const localized = plain(saleMail("counteroffer", in_(locale)).text);
      expect(localized, locale).toMatch(/28\.? (de )?(March|März|marzo|mars|maart) (de )?2026/);
      expect(localized, locale).toMatch(/614[,.]10/);
      expect(localized, locale).toMatch(/564[,.]10/);
    }
  });

  it("name the deadline in English and write Italian and French dates their way", () => {
    const en = plain(saleMail("counteroffer", in_("en")).text);
    expect(en).toContain("Please accept or decline the new offer in your account by 28 March 2026:");
    expect(en).toContain("If we have not heard from you by 28 March 2026, the new offer will count as accepted.");
    expect(en).toContain("Previous payout: €614.10\nNew payout: €564.10");
    expect(en).toContain("If you decline, we will send your parcel back to you free of charge.");

    const eighth = { ...countered, counterofferDeadline: new Date("2026-03-08T10:00:00Z") };
    expect(saleMail("counteroffer", in_("it", eighth)).text).toContain("entro l'8 marzo 2026");
    expect(saleMail("counterofferReminder", in_("it", eighth)).subject).toContain("fino all'8 marzo 2026");
    const first = { ...countered, counterofferDeadline: new Date("2026-04-01T10:00:00Z") };
    expect(saleMail("counteroffer", in_("fr", first)).text).toContain("au plus tard le 1er avril 2026");
  });

  it("remind of the counteroffer with the same facts and the deadline in the subject", () => {
    const { subject, ...mail } = saleMail("counterofferReminder", countered);
    const text = plain(mail.text);
    expect(subject).toBe("Erinnerung: Das neue Angebot zu deinem Verkauf S-0001000 gilt nur noch bis zum 28. März 2026");
    expect(text).toContain("du hast nur noch wenige Tage Zeit, bis zum 28. März 2026");
    expect(text).toContain("410,00 € → 360,00 €");
    expect(text).toContain("Neue Auszahlung: 564,10 €");
    expect(text).toContain("gilt das neue Angebot als angenommen");
  });

  it("refuse to write a counteroffer mail without the counteroffer", () => {
    expect(() => saleMail("counteroffer", sale)).toThrow(/S-0001000/);
    expect(() => saleMail("counterofferReminder", { ...countered, counterofferDeadline: null })).toThrow(/deadline/);
  });

  it("confirm the offer, or the accepted counteroffer, with the payout and how it is paid", () => {
    const confirmed = plain(saleMail("offerConfirmed", { ...sale, payoutMethod: "bank_transfer" }).text);
    expect(confirmed).toContain("Alles passt, unser Angebot ist damit bestätigt.");
    expect(confirmed).toContain("Wir zahlen dir 614,10 € in Kürze per Überweisung aus.");

    const accepted = plain(saleMail("offerConfirmed", countered).text);
    expect(accepted).toContain("das neue Angebot zu deinem Verkauf ist angenommen");
    expect(accepted).toContain("Wir zahlen dir 564,10 € in Kürze über PayPal aus.");
    expect(accepted).toContain("iPhone 13 Pro, 128 GB, Graphit\n  Grund: Tiefe Kratzer im Display\n  360,00 €");
    expect(accepted).toContain("Nintendo Switch OLED\n  Zustand: Gut\n  209,00 €");

    const en = plain(saleMail("offerConfirmed", { ...sale, locale: "en" }).text);
    expect(en).toContain("everything checks out, and your offer is confirmed.");
    expect(en).toContain("We will pay out €614.10 to you via PayPal shortly.");
  });

  it("tell the seller the money is sent and when it arrives", () => {
    const { subject, ...mail } = saleMail("paid", { ...countered, payoutMethod: "bank_transfer" });
    expect(subject).toBe("Dein Geld für den Verkauf S-0001000 ist unterwegs");
    expect(plain(mail.text)).toContain("wir haben dir soeben 564,10 € per Überweisung ausgezahlt.");
    expect(mail.text).toContain("innerhalb von 1–3 Werktagen auf deinem Konto");
    const en = plain(saleMail("paid", { ...sale, locale: "en" }).text);
    expect(en).toContain("We have just sent you €614.10 via PayPal.");
    expect(en).toContain("It should show up in your PayPal account within 1–3 working days.");
  });

  it("announce the parcel's arrival and its free return", () => {
    expect(saleMail("parcelReceived", sale).text).toContain("Wir prüfen deine Artikel jetzt in den nächsten Tagen");
    const returned = saleMail("returned", { ...sale, parcels: 2 });
    expect(returned.subject).toBe("Deine Pakete zum Verkauf S-0001000 sind auf dem Rückweg");
    expect(returned.text).toContain("Der Rückversand ist für dich natürlich kostenlos.");
    expect(saleMail("returned", { ...sale, locale: "en" }).text).toContain("Return shipping is, of course, free of charge.");
  });

  it("tell the seller the inspection has begun, and what follows it", () => {
    const { subject, text } = saleMail("inspectionStarted", sale);
    expect(subject).toBe("Dein Verkauf S-0001000: Wir prüfen deine Artikel");
    expect(text).toContain("Hallo Lena,\n\nwir haben mit der Prüfung deiner 2 Artikel begonnen.");
    expect(text).toContain("bestätigen wir dir unser Angebot – oder machen dir ein neues, falls der Zustand von deiner Angabe abweicht.");
    expect(text).toContain(SALE_URL);
    expect(saleMail("inspectionStarted", { ...sale, items: [sale.items[0]!] }).text).toContain("wir haben mit der Prüfung deines Artikels begonnen.");
    const en = saleMail("inspectionStarted", { ...sale, locale: "en" });
    expect(en.subject).toBe("Your sale S-0001000: we are inspecting your items");
    expect(en.text).toContain("We have started inspecting your 2 items.");
    expect(saleMail("inspectionStarted", in_("fr", sale)).subject).toBe("Votre vente S-0001000\u00a0: nous examinons vos articles");
  });

  it("escape item names and reasons in the HTML", () => {
    const hostile: SaleSummary = {
      ...countered,
      items: [{ ...countered.items[0]!, name: 'iPhone <script>alert("x")</script>', counterofferReason: "Akku <b>defekt</b> & Gehäuse verbogen" }],
    };
    for (const kind of SALE_MAIL_KINDS) {
      const { html, text } = saleMail(kind, hostile);
      expect(html, kind).not.toContain("<script>");
      expect(html, kind).not.toContain("<b>");
      if (kind === "counteroffer" || kind === "offerConfirmed") {
        expect(html, kind).toContain("iPhone &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
        expect(html, kind).toContain("Akku &#60;b&#62;defekt&#60;/b&#62; &#38; Gehäuse verbogen");
        // The plain-text part is not HTML: it shows the name as typed.
        expect(text, kind).toContain('iPhone <script>alert("x")</script>');
      }
    }
  });

  it("keep French punctuation off the start of a line", () => {
    const { subject, text } = saleMail("counteroffer", in_("fr"));
    expect(subject).toBe("Nouvelle offre pour votre vente S-0001000");
    expect(saleMail("created", in_("fr")).subject).toBe("Votre vente S-0001000\u00a0: votre étiquette d'expédition");
    expect(text).not.toMatch(/ [!?:;]/);
  });
});

describe("settledPayoutCents", () => {
  it("is the counteroffer's payout once there is one, else the payout", () => {
    expect(settledPayoutCents(sale)).toBe(61_410);
    expect(settledPayoutCents(countered)).toBe(56_410);
  });
});
