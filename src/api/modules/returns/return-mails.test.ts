import { describe, expect, it } from "vitest";
import { INVOICE_TEXTS } from "../../../documents/invoice-texts.ts";
import { RETURN_LABEL_TEXTS } from "../../../documents/return-label-texts.ts";
import { LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { typeset } from "../../../mail/compose.ts";
import { MAIL_TEXTS } from "../../../mail/texts.ts";
import { RETURN_MAIL_TEXTS } from "./return-mail-texts.ts";
import {
  claimCreatedMail,
  claimDecidedMail,
  claimRepairedMail,
  returnCreatedMail,
  returnDecidedMail,
  returnReceivedMail,
  type ComposedMail,
  type ReturnMailContext,
} from "./return-mails.ts";

const ctx: ReturnMailContext = { locale: "de", firstName: "Lena", orderNumber: "R26-001000", orderUrl: null };
const in_ = (locale: Locale): ReturnMailContext => ({ ...ctx, locale });

const created = {
  number: "RT-001234",
  kind: "withdrawal" as const,
  items: [
    { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1" as const },
    { name: "USB-C <Ladekabel> 1 m", grade: "NEW" as const },
  ],
  sendBy: new Date("2026-03-28T22:59:59.999Z"),
};
const partial = { number: "RT-001234", decision: "partial_refund" as const, refundCents: 123_450, reason: "Das Display hat einen tiefen Kratzer.", byTransfer: false };
const refused = { number: "RT-001234", decision: "refused" as const, refundCents: null, reason: "Das Gerät ist mit einer fremden Apple-ID gesperrt.", byTransfer: false };
const claim = { number: "GA-000077", itemName: "iPhone 13 Pro, 128 GB, Graphit", remedy: "repair" as const };
const claimRefund = { ...claim, decision: "refund" as const, refundCents: 54_900, reason: "Ersatzteil nicht lieferbar.", byTransfer: true };
const repaired = { number: "GA-000077", itemName: "iPhone 13 Pro, 128 GB, Graphit", carrierName: "DHL", trackingNumber: "00340434161094042557", trackingUrl: "https://www.dhl.de/track?id=00340434161094042557" };

/** Every mail, each with the number its subject names. */
const mails: Record<string, { number: string; compose: (ctx: ReturnMailContext) => ComposedMail }> = {
  returnCreated: { number: "RT-001234", compose: (c) => returnCreatedMail(c, created) },
  returnCreatedVoluntary: { number: "RT-001234", compose: (c) => returnCreatedMail(c, { ...created, kind: "voluntary" }) },
  returnReceived: { number: "RT-001234", compose: (c) => returnReceivedMail(c, { number: "RT-001234" }) },
  returnFullRefund: { number: "RT-001234", compose: (c) => returnDecidedMail(c, { ...partial, decision: "full_refund", reason: null }) },
  returnPartialRefund: { number: "RT-001234", compose: (c) => returnDecidedMail(c, partial) },
  returnRefused: { number: "RT-001234", compose: (c) => returnDecidedMail(c, refused) },
  claimCreated: { number: "GA-000077", compose: (c) => claimCreatedMail(c, claim) },
  claimRepair: { number: "GA-000077", compose: (c) => claimDecidedMail(c, { ...claimRefund, decision: "repair", refundCents: null, reason: null }) },
  claimReplacement: { number: "GA-000077", compose: (c) => claimDecidedMail(c, { ...claimRefund, decision: "replacement", refundCents: null }) },
  claimRefund: { number: "GA-000077", compose: (c) => claimDecidedMail(c, claimRefund) },
  claimRefused: { number: "GA-000077", compose: (c) => claimDecidedMail(c, { ...claimRefund, decision: "refused", refundCents: null, reason: "Wasserschaden" }) },
  claimRepaired: { number: "GA-000077", compose: (c) => claimRepairedMail(c, repaired) },
};

/** Amounts keep their number and € together with a no-break space; the expectations are easier to read with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
/** What a text must never show: a value that was missing, or a placeholder nobody filled. */
const UNFILLED = /\bundefined\b|\bnull\b|\bNaN\b|\[object|\{\{|\}\}|\$\{/;

describe("return and warranty claim mails", () => {
  it("are written in all six languages, each its own, with the number in the subject and the customer greeted by name", () => {
    for (const [kind, { number, compose }] of Object.entries(mails)) {
      const composed = LOCALES.map((locale) => compose(in_(locale)));
      composed.forEach((mail, index) => {
        const locale = LOCALES[index]!;
        expect(mail.subject, `${kind} ${locale}`).toContain(number);
        expect(mail.text.startsWith(`${typeset(MAIL_TEXTS[locale].greeting("Lena"), locale)}\n`), `${kind} ${locale}`).toBe(true);
        expect(mail.text, `${kind} ${locale}`).toContain("Lena");
        expect(mail.html, `${kind} ${locale}`).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
        expect(mail.text, `${kind} ${locale}`).not.toMatch(UNFILLED);
        expect(mail.html, `${kind} ${locale}`).not.toMatch(UNFILLED);
      });
      expect(new Set(composed.map((m) => m.subject)).size, kind).toBe(LOCALES.length);
      expect(new Set(composed.map((m) => m.text)).size, kind).toBe(LOCALES.length);
    }
    for (const locale of LOCALES) expect(JSON.stringify(RETURN_MAIL_TEXTS[locale])).not.toMatch(/"\s*"/);
  });

  it("keep French punctuation off the start of a line", () => {
    for (const { compose } of Object.values(mails)) {
      const { subject, text } = compose(in_("fr"));
      expect(subject).not.toMatch(/ [!?:;]/);
      expect(text).not.toMatch(/ [!?:;]/);
    }
  });

  it("link customers to their order, and guests to nothing", () => {
    const url = "https://reloop.example/my/orders/abc";
    for (const { compose } of Object.values(mails)) {
      expect(compose(ctx).text).not.toContain("/my/orders/");
      const customer = compose({ ...ctx, locale: "en", orderUrl: url });
      expect(customer.text).toContain(url);
      expect(customer.html).toContain(`<a href="${url}">`);
    }
  });
});

describe("returnCreatedMail", () => {
  it("lists the items, says the label is attached, how to pack and the last day to send", () => {
    const { subject, text, html } = returnCreatedMail(ctx, created);
    expect(subject).toBe("Deine Rücksendung RT-001234: Rücksendeetikett und nächste Schritte");
    expect(text).toContain("wir haben deinen Widerruf zur Bestellung R26-001000 erhalten.");
    expect(text).toContain("Rücksendenummer: RT-001234\nBestellnummer: R26-001000");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit\n  Zustand: Sehr gut");
    expect(text).toContain("Zustand: Neu");
    expect(html).toContain("USB-C &#60;Ladekabel&#62; 1 m");
    expect(text).toContain("Rücksendeetikett findest du als PDF im Anhang");
    expect(text).toContain("So packst du richtig");
    expect(text).toContain("1. Setz jedes Gerät auf die Werkseinstellungen zurück");
    expect(text).toContain("„Mein iPhone suchen“ oder dein Google-Konto");
    expect(text).toContain("Ladekabel und Netzteil");
    expect(text).toContain("bis spätestens zum 28. März 2026");
    expect(text).toContain("erstatten wir dir den Betrag");
  });

  it.each(LOCALES)("gives the %s packing steps and names the grades", (locale) => {
    const { text } = returnCreatedMail(in_(locale), created);
    const { steps } = RETURN_LABEL_TEXTS[locale];
    expect(text).toContain(typeset(steps.wipe, locale));
    expect(text).toContain(typeset(steps.accessoriesReturn, locale));
    expect(text).not.toContain(typeset(steps.accessoriesWarranty, locale));
    expect(text).toContain(INVOICE_TEXTS[locale].grades.A1);
  });

  it("writes the last day the way each language does", () => {
    expect(returnCreatedMail(in_("en"), created).text).toContain("send the parcel by 28 March 2026");
    expect(returnCreatedMail(in_("es"), created).text).toContain("a más tardar el 28 de marzo de 2026");
    expect(returnCreatedMail(in_("nl"), created).text).toContain("uiterlijk op 28 maart 2026");
    const first = { ...created, sendBy: new Date("2026-04-01T10:00:00Z") };
    expect(returnCreatedMail(in_("fr"), first).text).toContain("au plus tard le 1er avril 2026");
    expect(returnCreatedMail(in_("it"), first).text).toContain("entro il 1º aprile 2026");
    expect(returnCreatedMail(in_("it"), { ...created, sendBy: new Date("2026-04-08T10:00:00Z") }).text).toContain("entro l'8 aprile 2026");
  });

  it("names a voluntary return as such", () => {
    expect(returnCreatedMail(in_("en"), { ...created, kind: "voluntary" }).text).toContain("your return request for order R26-001000");
    expect(returnCreatedMail(in_("en"), created).text).toContain("your notice of withdrawal for order R26-001000");
  });
});

describe("returnReceivedMail", () => {
  it("says the parcel arrived and is being checked", () => {
    const { subject, text } = returnReceivedMail(in_("en"), { number: "RT-001234" });
    expect(subject).toBe("Your return RT-001234 has arrived");
    expect(text).toContain("The parcel with your return RT-001234 for order R26-001000 has reached us.");
    expect(text).toContain("We are now checking the items");
  });
});

describe("returnDecidedMail", () => {
  it.each(LOCALES)("names the amount of a partial refund in %s, formatted for the language, and the reason", (locale) => {
    const { text, html } = returnDecidedMail(in_(locale), partial);
    expect(text).toContain(formatMoney(123_450, locale));
    expect(text).toContain("Das Display hat einen tiefen Kratzer.");
    expect(text).toContain(typeset(RETURN_MAIL_TEXTS[locale].returnDecided.partialReason, locale));
    expect(text).toContain(typeset(RETURN_MAIL_TEXTS[locale].way.provider, locale));
    expect(html).toContain(formatMoney(123_450, locale));
  });

  it("writes amounts the German and English way", () => {
    expect(plain(returnDecidedMail(ctx, partial).text)).toContain("wir erstatten dir 1.234,50 €.\n\nDer Grund für den Abzug: Das Display hat einen tiefen Kratzer.");
    expect(returnDecidedMail(in_("en"), partial).text).toContain("we are refunding €1,234.50.");
    expect(plain(returnDecidedMail(in_("fr"), partial).text)).toContain("1 234,50 €");
  });

  it("refunds in full through the payment method or by transfer", () => {
    const full = { ...partial, decision: "full_refund" as const, reason: null };
    const { subject, text } = returnDecidedMail(ctx, full);
    expect(subject).toBe("Erstattung für deine Rücksendung RT-001234");
    expect(plain(text)).toContain("erstatten dir den vollen Betrag von 1.234,50 €.");
    expect(text).toContain("über deine Zahlungsart");
    expect(returnDecidedMail(ctx, { ...full, byTransfer: true }).text).toContain("Wir überweisen den Betrag auf das Konto, von dem du bezahlt hast.");
    expect(returnDecidedMail(ctx, { ...full, refundCents: null }).text).toContain("erstatten dir den vollen Betrag.");
  });

  it.each(LOCALES)("gives the reason for a refusal in %s and says the items go back", (locale) => {
    const { subject, text } = returnDecidedMail(in_(locale), refused);
    const t = RETURN_MAIL_TEXTS[locale];
    expect(subject).toBe(typeset(t.returnDecided.subject.refused("RT-001234"), locale));
    expect(text).toContain(typeset(`${t.returnDecided.refusedReason} Das Gerät ist mit einer fremden Apple-ID gesperrt.`, locale));
    expect(text).toContain(typeset(t.returnDecided.sentBack, locale));
    expect(text).not.toContain(typeset(t.way.provider, locale));
  });

  it("leaves out a missing reason", () => {
    const { text } = returnDecidedMail(ctx, { ...refused, reason: "  " });
    expect(text).not.toContain("Der Grund:");
    expect(text).toContain("Wir schicken dir die Artikel auf unsere Kosten zurück.");
  });

  it("escapes the reason in the HTML", () => {
    expect(returnDecidedMail(ctx, { ...refused, reason: "<b>Kratzer</b>" }).html).toContain("&#60;b&#62;Kratzer&#60;/b&#62;");
  });
});

describe("claimCreatedMail", () => {
  it("names the claim, the device and the wished-for remedy; the label is attached, send the device alone, we decide", () => {
    const { subject, text } = claimCreatedMail(ctx, claim);
    expect(subject).toBe("Dein Garantiefall GA-000077: Rücksendeetikett und nächste Schritte");
    expect(text).toContain("Garantiefall: GA-000077\nBestellnummer: R26-001000\nGerät: iPhone 13 Pro, 128 GB, Graphit\nDein Wunsch: Reparatur");
    expect(text).toContain("Rücksendeetikett findest du als PDF im Anhang");
    expect(text).toContain("Schick uns nur das Gerät");
    expect(text).not.toContain("Ladekabel und Netzteil");
    expect(text).toContain("Danach entscheiden wir");
    expect(claimCreatedMail(in_("en"), { ...claim, remedy: "replacement" }).text).toContain("Your preferred solution: Replacement device");
    expect(claimCreatedMail(in_("nl"), { ...claim, remedy: "refund" }).text).toContain("Gewenste oplossing: Terugbetaling van de aankoopprijs");
  });
});

describe("claimDecidedMail", () => {
  it.each(LOCALES)("names the refund in %s, formatted for the language, with the finding and how the money comes", (locale) => {
    const { subject, text } = claimDecidedMail(in_(locale), claimRefund);
    expect(subject).toContain("GA-000077");
    expect(text).toContain(formatMoney(54_900, locale));
    expect(text).toContain("Ersatzteil nicht lieferbar.");
    expect(text).toContain(typeset(RETURN_MAIL_TEXTS[locale].way.transfer, locale));
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
  });

  it("says what happens for each decision", () => {
    const decide = (decision: "repair" | "replacement" | "refused", reason: string | null = null) =>
      claimDecidedMail(ctx, { ...claimRefund, decision, refundCents: null, reason });
    expect(decide("repair").subject).toBe("Dein Garantiefall GA-000077: Wir reparieren dein Gerät");
    expect(decide("repair").text).toContain("Wir reparieren es und schicken es dir danach zurück");
    expect(decide("replacement", "Platine defekt").text).toContain("Unser Befund: Platine defekt");
    expect(decide("replacement").text).toContain("gleichwertiges Ersatzgerät");
    const no = decide("refused", "Wasserschaden am Gerät");
    expect(no.text).toContain("fällt leider nicht unter die Garantie");
    expect(no.text).toContain("Der Grund: Wasserschaden am Gerät");
    expect(no.text).toContain("Wir schicken dir das Gerät auf unsere Kosten zurück.");
    expect(no.text).not.toContain("überweisen");
    expect(plain(claimDecidedMail(in_("en"), claimRefund).text)).toContain("We are refunding €549.00.");
  });
});

describe("claimRepairedMail", () => {
  it.each(LOCALES)("gives the carrier, the tracking number and its link in %s", (locale) => {
    const { subject, text, html } = claimRepairedMail(in_(locale), repaired);
    expect(subject).toContain("GA-000077");
    expect(text).toContain("DHL");
    expect(text).toContain("00340434161094042557");
    expect(text).toContain(typeset(RETURN_MAIL_TEXTS[locale].claimRepaired.track, locale));
    expect(html).toContain('<a href="https://www.dhl.de/track?id=00340434161094042557">');
  });

  it("leaves out the tracking link when there is none", () => {
    const { text } = claimRepairedMail(ctx, { ...repaired, trackingUrl: null });
    expect(text).toContain("Sendungsnummer: 00340434161094042557");
    expect(text).not.toContain("Hier kannst du dein Paket verfolgen");
    expect(text).toContain("Wir haben dein Gerät repariert und das Paket an DHL übergeben.");
  });
});
