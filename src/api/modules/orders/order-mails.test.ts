import { describe, expect, it } from "vitest";
import { renderDeliveryNotePdf } from "../../../documents/delivery-note.ts";
import { renderInvoicePdf } from "../../../documents/invoice.ts";
import { renderOrderShippingLabelPdf } from "../../../documents/order-shipping-label.ts";
import { SHIPPING_CARRIERS, SHIPPING_CARRIER_NAMES, trackingUrl } from "../../../domain/checkout/carriers.ts";
import { shopDayEnd } from "../../../domain/dates.ts";
import { LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { ORDER_MAIL_TEXTS } from "./order-mail-texts.ts";
import { addressLines } from "../../../mail/texts.ts";
import {
  deliveryNoteInputOf,
  DISPATCH_ADDRESS,
  invoiceFileName,
  invoiceInputOf,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
  orderShippingLabelInputOf,
  returnDeadline,
  transferCancelledMail,
  transferInstructionsMail,
  transferReminderMail,
  writeReviewUrl,
  type OrderSummary,
  type Shipment,
  type ShippedOrderSummary,
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

const DHL: Shipment = { carrier: "dhl", trackingNumber: "0034 0434 1610 9404 2557" };

const mails = {
  confirmation: orderConfirmationMail,
  instructions: transferInstructionsMail,
  reminder: transferReminderMail,
  cancelled: transferCancelledMail,
  shipped: (order: OrderSummary) => orderShippedMail({ ...order, shipment: DHL }),
  delivered: orderDeliveredMail,
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

/** What a text must never show: a value that was missing, or a placeholder nobody filled. */
const UNFILLED = /\bundefined\b|\bnull\b|\bNaN\b|\[object|\{\{|\}\}|\$\{/;

/** The used phone, picked: its unit's IMEI is known, and it can be reviewed. */
const picked: OrderSummary = {
  ...used,
  orderUrl: "https://reloop.example/my/orders/abc",
  lines: [{ ...used.lines[0]!, identifier: "35 693803 564380 9", reviewUrl: "https://reloop.example/write-review/42/iphone-13-pro" }],
};
const shippedIn = (locale: Locale, shipment: Shipment = DHL): ShippedOrderSummary => ({ ...picked, locale, shipment });

describe("the shipped mail", () => {
  it("gives the carrier, the tracking number and the carrier's tracking link in all six languages", () => {
    for (const locale of LOCALES) {
      const { subject, text, html } = orderShippedMail(shippedIn(locale));
      const url = trackingUrl("dhl", "00340434161094042557", locale);
      expect(subject, locale).toContain("R26-001234");
      expect(subject, locale).not.toMatch(UNFILLED);
      expect(text, locale).toContain(ORDER_MAIL_TEXTS[locale].shipped.intro("R26-001234", "DHL").replace(/ ([!?:;])/g, "\u00a0$1"));
      expect(text, locale).toContain("DHL");
      expect(text, locale).toContain("00340434161094042557");
      expect(text, locale).toContain(url);
      expect(html, locale).toContain(`<a href="${url}">`);
      expect(text + html, locale).not.toMatch(UNFILLED);
    }
    expect(new Set(LOCALES.map((locale) => orderShippedMail(shippedIn(locale)).subject)).size).toBe(LOCALES.length);
  });

  it("lists the units in the parcel with their condition and IMEI, without prices", () => {
    const text = orderShippedMail(shippedIn("de")).text;
    expect(text).toBe(orderShippedMail(shippedIn("de")).text);
    expect(text).toContain("Deine Bestellung R26-001234 ist unterwegs! Wir haben dein Paket an DHL übergeben.");
    expect(text).toContain("Versand mit: DHL\nSendungsnummer: 00340434161094042557");
    expect(text).toContain("Hier kannst du dein Paket verfolgen:\n\nhttps://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557");
    expect(text).toContain("Im Paket");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit\n  Zustand: Sehr gut · mit neuem Akku\n  IMEI 356938035643809");
    expect(text).toContain("Lena Graf\nHauptstraße 5\n10115 Berlin\nDeutschland");
    expect(text).not.toMatch(/€|\d+,\d{2}/);
    expect(text).not.toContain("iPhone 13 Pro, 128 GB, Graphit *");
  });

  it.each(SHIPPING_CARRIERS)("links %s's own tracking page in the customer's language", (carrier) => {
    const numbers = { dhl: "JJD000390007881234567", dpd: "01234567890123", hermes: "H1002260000000100003", ups: "1Z999AA10123456784", gls: "ZF3ZQ5RG" };
    for (const locale of LOCALES) {
      const { text } = orderShippedMail(shippedIn(locale, { carrier, trackingNumber: numbers[carrier] }));
      expect(text, locale).toContain(trackingUrl(carrier, numbers[carrier], locale));
      expect(text, locale).toContain(SHIPPING_CARRIER_NAMES[carrier]);
    }
  });

  it("says the delivery note is attached, or links it when it can be downloaded", () => {
    expect(orderShippedMail(shippedIn("de")).text).toContain("Den Lieferschein findest du als PDF im Anhang.");
    const linked = orderShippedMail({ ...shippedIn("en"), deliveryNoteUrl: "https://reloop.example/my/orders/abc/delivery-note.pdf" });
    expect(linked.text).toContain("You can download your delivery note as a PDF here:\n\nhttps://reloop.example/my/orders/abc/delivery-note.pdf");
    expect(linked.html).toContain('<a href="https://reloop.example/my/orders/abc/delivery-note.pdf">');
    expect(linked.text).not.toContain("attached");
    for (const locale of LOCALES) {
      expect(orderShippedMail(shippedIn(locale)).text).toContain(ORDER_MAIL_TEXTS[locale].shipped.deliveryNoteAttached.replace(/ ([!?:;])/g, "\u00a0$1"));
    }
  });

  it("tells of a parcel without a tracking number, with no link", () => {
    for (const locale of LOCALES) {
      const { text, html } = orderShippedMail(shippedIn(locale, { carrier: "hermes", trackingNumber: null }));
      expect(text, locale).toContain(ORDER_MAIL_TEXTS[locale].shipped.noTracking.replace(/ ([!?:;])/g, "\u00a0$1"));
      expect(text, locale).not.toContain("myhermes.de");
      expect(text + html, locale).not.toMatch(UNFILLED);
    }
    expect(orderShippedMail(shippedIn("de", { carrier: "hermes", trackingNumber: "  " })).text).not.toContain("Sendungsnummer");
  });

  it("keeps French punctuation off the start of a line", () => {
    const { text } = orderShippedMail(shippedIn("fr"));
    expect(text).toContain("Bonne nouvelle\u00a0: votre commande R26-001234 est en route\u00a0!");
    expect(text).not.toMatch(/ [!?:;]/);
  });
});

describe("the delivered mail", () => {
  it("wishes joy, gives the return period, the warranty and how to reach the shop in all six languages", () => {
    for (const locale of LOCALES) {
      const { subject, text, html } = orderDeliveredMail({ ...picked, locale });
      const t = ORDER_MAIL_TEXTS[locale].delivered;
      expect(subject, locale).toBe(t.subject("R26-001234").replace(/ ([!?:;])/g, "\u00a0$1"));
      for (const part of [t.intro("R26-001234"), t.returns(null), t.warranty, t.help]) expect(text, locale).toContain(part.replace(/ ([!?:;])/g, "\u00a0$1"));
      expect(text, locale).toContain("30");
      expect(text, locale).toContain("12");
      expect(text + html, locale).not.toMatch(UNFILLED);
    }
    const de = orderDeliveredMail(picked).text;
    expect(de).toContain("deine Bestellung R26-001234 ist bei dir angekommen. Wir wünschen dir viel Freude damit!");
    expect(de).toContain("innerhalb von 30 Tagen nach Erhalt");
    expect(de).toContain("12 Monate Garantie ab Lieferung");
    expect(de).toContain("Antworte einfach auf diese E-Mail");
  });

  it("gives the last day for returns, 30 days after the day of delivery in Berlin", () => {
    // 23:30 in Berlin on 14 March; 30 days on is 13 April.
    const lateEvening = new Date("2026-03-14T22:30:00Z");
    expect(returnDeadline(lateEvening)).toEqual(shopDayEnd("2026-04-13"));
    // Half past midnight in Berlin is already 15 March.
    expect(returnDeadline(new Date("2026-03-14T23:30:00Z"))).toEqual(shopDayEnd("2026-04-14"));
    expect(orderDeliveredMail({ ...picked, deliveredAt: lateEvening }).text).toContain("bis zum 13. April 2026 (30 Tage nach Erhalt)");
    expect(orderDeliveredMail({ ...picked, locale: "en", deliveredAt: lateEvening }).text).toContain("until 13 April 2026 (30 days from delivery)");
    expect(orderDeliveredMail({ ...picked, locale: "fr", deliveredAt: new Date("2026-03-02T10:00:00Z") }).text).toContain("jusqu'au 1er avril 2026");
    expect(orderDeliveredMail({ ...picked, locale: "it", deliveredAt: new Date("2026-03-12T10:00:00Z") }).text).toContain("entro l'11 aprile 2026");
    for (const locale of LOCALES) {
      const { text } = orderDeliveredMail({ ...picked, locale, deliveredAt: lateEvening });
      expect(text, locale).not.toMatch(UNFILLED);
      expect(text, locale).toContain("2026");
    }
  });

  it("invites customers to review each product they bought once, and not guests", () => {
    const review = "https://reloop.example/write-review/42/iphone-13-pro";
    const twice: OrderSummary = { ...picked, lines: [picked.lines[0]!, { ...picked.lines[0]!, identifier: "356938035643817" }, { ...brandNew.lines[0]! }] };
    for (const locale of LOCALES) {
      const { text, html } = orderDeliveredMail({ ...twice, locale });
      expect(text, locale).toContain(ORDER_MAIL_TEXTS[locale].delivered.review.replace(/ ([!?:;])/g, "\u00a0$1"));
      expect(text.split(review), locale).toHaveLength(2);
      expect(html, locale).toContain(`<a href="${review}">`);
    }
    const guest = orderDeliveredMail({ ...picked, orderUrl: null });
    expect(guest.text).not.toContain("write-review");
    expect(guest.text).not.toContain(ORDER_MAIL_TEXTS.de.delivered.review);
    const nothingToReview = orderDeliveredMail(brandNew);
    expect(nothingToReview.text).not.toContain(ORDER_MAIL_TEXTS.de.delivered.review);
  });

  it("links the storefront's review page of a product", () => {
    expect(writeReviewUrl("https://reloop.example", 42, "iphone-13-pro")).toBe("https://reloop.example/write-review/42/iphone-13-pro");
    expect(writeReviewUrl("https://reloop.example/", 7, "café/bar")).toBe("https://reloop.example/write-review/7/caf%C3%A9%2Fbar");
  });
});

describe("the parcel's documents", () => {
  it("make a delivery note from the order, with the units' identifiers and the parcel, and render it", async () => {
    const input = deliveryNoteInputOf(shippedIn("de"), new Date("2026-03-03T09:00:00Z"));
    expect(input).toMatchObject({
      orderNumber: "R26-001234",
      seller: { name: "Reloop GmbH" },
      deliveryAddress: ["Lena Graf", "Hauptstraße 5", "10115 Berlin", "Deutschland"],
      items: [{ name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", withFullBattery: true, identifier: "35 693803 564380 9" }],
      shipment: { carrier: "dhl", trackingNumber: "00340434161094042557" },
    });
    expect(deliveryNoteInputOf(used, new Date()).shipment).toBeNull();
    expect(deliveryNoteInputOf(used, new Date()).items[0]!.identifier).toBeNull();
    expect((await renderDeliveryNotePdf(input)).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("make a shipping label from the shop's warehouse to the delivery address, and render it", async () => {
    expect(DISPATCH_ADDRESS).toEqual(["Reloop GmbH", "Am Borsigturm 42", "13507 Berlin", "Deutschland"]);
    const input = orderShippingLabelInputOf(used, { carrier: "ups", trackingNumber: "1z 999 aa1 01 2345 6784" }, new Date("2026-03-03T09:00:00Z"));
    expect(input).toEqual({
      locale: "de",
      orderNumber: "R26-001234",
      carrier: "ups",
      trackingNumber: "1Z999AA10123456784",
      sender: ["Reloop GmbH", "Am Borsigturm 42", "13507 Berlin", "Deutschland"],
      recipient: ["Lena Graf", "Hauptstraße 5", "10115 Berlin", "Deutschland"],
      createdAt: new Date("2026-03-03T09:00:00Z"),
    });
    expect(orderShippingLabelInputOf(used, { carrier: "dhl", trackingNumber: null }, new Date()).trackingNumber).toBeNull();
    expect((await renderOrderShippingLabelPdf(input)).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
