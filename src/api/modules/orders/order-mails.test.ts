import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "../../../documents/invoice.ts";
import { LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { ORDER_MAIL_TEXTS } from "./order-mail-texts.ts";
import { addressLines } from "../../../mail/texts.ts";
import {
  invoiceFileName,
  invoiceInputOf,
  orderConfirmationMail,
  transferCancelledMail,
  transferInstructionsMail,
  transferReminderMail,
  type OrderSummary,
} from "./order-mails.ts";

const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" as const, packstation: false };

const used: OrderSummary = {
  locale: "de",
  number: "R26-001234",
  billingAddress: HOME,
  deliveryAddress: HOME,
  deliveryMethod: "standard",
  paymentMethod: "prepayment",
  couponCode: null,
  lines: [{ name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", withFullBattery: true, priceCents: 54_900, discountCents: 2_500, vatScheme: "margin" }],
  shippingCents: 0,
  insuranceCents: 0,
  totalCents: 52_400,
  dispatchDays: { min: 1, max: 2 },
  paymentDeadline: new Date("2026-03-08T10:00:00Z"),
  orderUrl: null,
};
/** A new cable with express shipping: VAT is shown for both. 1999 + 990 = 2989; 2989 × 19 / 119 = 477.2 → 477. */
const brandNew: OrderSummary = {
  ...used,
  deliveryMethod: "express",
  lines: [{ name: "USB-C <Ladekabel> 1 m", grade: "NEW", withFullBattery: false, priceCents: 1_999, discountCents: 0, vatScheme: "standard" }],
  shippingCents: 990,
  totalCents: 2_989,
};

const mails = {
  confirmation: orderConfirmationMail,
  instructions: transferInstructionsMail,
  reminder: transferReminderMail,
  cancelled: transferCancelledMail,
};
const in_ = (locale: Locale): OrderSummary => ({ ...used, locale });
/** Amounts keep their number and € together with a no-break space; the expectations are easier to read with plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("order mails", () => {
  it("are written in all six languages, each its own, with the order number in the subject", () => {
    for (const [kind, compose] of Object.entries(mails)) {
      const composed = LOCALES.map((locale) => compose(in_(locale)));
      for (const mail of composed) {
        expect(mail.subject, kind).toContain("R26-001234");
        expect(mail.text, kind).toContain("Lena");
        expect(mail.html, kind).toMatch(/^<!doctype html><html lang="(de|en|es|fr|it|nl)">/);
      }
      expect(new Set(composed.map((m) => m.subject)).size, kind).toBe(LOCALES.length);
      expect(new Set(composed.map((m) => m.text)).size, kind).toBe(LOCALES.length);
    }
    for (const locale of LOCALES) {
      const texts = JSON.stringify(ORDER_MAIL_TEXTS[locale]);
      expect(texts).not.toMatch(/"\s*"/);
    }
  });

  it("say that used goods are sold under § 25a UStG and show no VAT for them", () => {
    for (const locale of LOCALES) {
      const { text, html } = orderConfirmationMail(in_(locale));
      expect(text).toContain("§ 25a");
      expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit *");
      expect(html).toContain("§ 25a");
    }
    const de = plain(orderConfirmationMail(used).text);
    expect(de).toContain("Differenzbesteuerung nach § 25a UStG");
    expect(de).not.toContain("USt. 19 %");
    expect(de).toContain("Zustand: Sehr gut · mit neuem Akku");
    expect(de).toContain("Rabatt: -25,00 €");
    expect(de).toContain("Gesamtbetrag: 524,00 €");
  });

  it("show the VAT included for new goods and shipping, and no margin note without used goods", () => {
    const { html, ...mail } = orderConfirmationMail(brandNew);
    const text = plain(mail.text);
    expect(text).toContain("Expressversand: 9,90 €");
    expect(text).toContain("Enthaltene USt. 19 %: 4,77 €");
    expect(text).not.toContain("§ 25a");
    expect(html).toContain("USB-C &#60;Ladekabel&#62; 1 m");
    expect(html).not.toContain("<Ladekabel>");
  });

  it("confirm the dispatch time and the delivery address, and link customers to their order", () => {
    const guest = orderConfirmationMail(used).text;
    expect(guest).toContain("Wir versenden deine Bestellung innerhalb von 1–2 Werktagen.");
    expect(guest).toContain("Lena Graf\nHauptstraße 5\n10115 Berlin\nDeutschland");
    expect(guest).not.toContain("/my/orders/");
    const customer = orderConfirmationMail({ ...used, locale: "en", orderUrl: "https://reloop.example/my/orders/abc" });
    expect(customer.text).toContain("https://reloop.example/my/orders/abc");
    expect(customer.html).toContain('<a href="https://reloop.example/my/orders/abc">');
    expect(customer.text).toContain("We will dispatch your order within 1–2 working days.");
  });

  it("give the bank details with the order number as the only reference, the amount and the deadline", () => {
    const { subject, ...mail } = transferInstructionsMail(used);
    const text = plain(mail.text);
    expect(subject).toBe("Deine Bestellung R26-001234: Bankverbindung für deine Überweisung");
    expect(text).toContain("Kontoinhaber: Reloop GmbH\nIBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX\nBank: Commerzbank\nBetrag: 524,00 €\nVerwendungszweck: R26-001234");
    expect(text).toContain("bis spätestens zum 8. März 2026");
    const reminder = transferReminderMail({ ...used, locale: "nl" }).text;
    expect(reminder).toContain("Omschrijving: R26-001234");
    expect(reminder).toContain("tot 8 maart 2026");
  });

  it("write dates the way each language does", () => {
    expect(transferInstructionsMail(in_("it")).text).toContain("entro l'8 marzo 2026");
    expect(transferReminderMail(in_("it")).text).toContain("fino all'8 marzo 2026");
    const firstOfApril = new Date("2026-04-01T10:00:00Z");
    expect(transferInstructionsMail({ ...in_("it"), paymentDeadline: firstOfApril }).text).toContain("entro il 1º aprile 2026");
    expect(transferInstructionsMail({ ...in_("fr"), paymentDeadline: firstOfApril }).text).toContain("au plus tard le 1er avril 2026");
  });

  it("keep French punctuation off the start of a line", () => {
    const { subject, text } = transferInstructionsMail(in_("fr"));
    expect(subject).toBe("Votre commande R26-001234\u00a0: coordonnées bancaires pour votre virement");
    expect(text).toContain("Merci pour votre commande\u00a0!");
    expect(text).not.toMatch(/ [!?:;]/);
  });

  it("tell the customer of a cancellation what was in the order", () => {
    const { subject, text } = transferCancelledMail(in_("es"));
    expect(subject).toBe("Hemos cancelado tu pedido R26-001234");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
    expect(text).toContain("hasta el 8 de marzo de 2026");
  });
});

describe("the invoice of an order", () => {
  it("is named with the language's word for invoice", () => {
    expect(LOCALES.map((locale) => invoiceFileName(locale, "R26-001234"))).toEqual([
      "Rechnung-R26-001234.pdf",
      "Invoice-R26-001234.pdf",
      "Factura-R26-001234.pdf",
      "Facture-R26-001234.pdf",
      "Fattura-R26-001234.pdf",
      "Factuur-R26-001234.pdf",
    ]);
  });

  it("is made from the order with the shop as seller and renders as a PDF", async () => {
    const input = invoiceInputOf({ ...brandNew, couponCode: "SPRING" }, new Date("2026-03-02T12:00:00Z"));
    expect(input).toMatchObject({ orderNumber: "R26-001234", seller: { name: "Reloop GmbH", vatId: "DE123456789" }, paymentMethodLabel: "Vorkasse per Überweisung", couponCode: "SPRING" });
    expect(input.deliveryAddress).toEqual(["Lena Graf", "Hauptstraße 5", "10115 Berlin", "Deutschland"]);
    const pdf = await renderInvoicePdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("writes a Packstation with its post number and a company above the name", () => {
    const lines = addressLines({ ...HOME, company: "Graf & Söhne", street: "Packstation", houseNumber: "123", packstation: true, postNumber: "12345678" }, "en");
    expect(lines).toEqual(["Graf & Söhne", "Lena Graf", "Packstation 123", "Post number 12345678", "10115 Berlin", "Germany"]);
  });
});
