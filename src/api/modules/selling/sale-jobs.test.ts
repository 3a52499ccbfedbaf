import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";

const DAY = 86_400_000;
const { app, database, jobs, smtp, now, setNow, subjectsTo, troubledJobs } = setupMailJobsApp();
const { call, phone, addOffer, staff } = sellFixtures(app, database);

/** A seller of one phone, registered in a language, with the sale checked out. */
async function sale(email: string, locale: string) {
  const cookies: Cookies = { "reloop-language": locale };
  const password = "a-long-enough-password-1";
  await call("POST", "/api/customer/registrations", cookies, { email, password, locale });
  await call("POST", "/api/customer/login", cookies, { credentials: { email, password } });
  await addOffer(cookies, await phone(30_000), PERFECT_DEVICE);
  const payout = (await call("GET", "/api/green-cart", cookies)).json().totals.payout.amount;
  const body = { termsAccepted: true, expectedPayout: payout, address: SELLER_HOME, payout: { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" } };
  const res = await call("POST", "/api/green-cart/checkout", cookies, body, { "idempotency-key": `jobs-${email.replace(/\W/g, "-")}` });
  expect(res.statusCode).toBe(201);
  const created = res.json() as { saleUuid: string; number: string };
  const itemUuid = (await call("GET", `/api/sales/${created.saleUuid}`, cookies)).json().items[0].uuid as string;
  return { cookies, ...created, itemUuid };
}

describe("sale jobs", () => {
  it("mail the label at once, then each step, in the seller's language, each once", async () => {
    const { number, saleUuid } = await sale("label@example.com", "en");
    await jobs().drain();
    const [created] = smtp().to("label@example.com").filter((r) => r.mail.subject?.startsWith("Your sale"));
    expect(created!.mail.subject).toBe(`Your sale ${number}: here is your shipping label`);
    expect(created!.mail.text).toContain(`http://localhost:3000/my/sales/${saleUuid}`);
    const [label] = created!.mail.attachments;
    expect(label!.contentType).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(label!.content)), { mergePages: true });
    expect(text).toContain(number);
    expect(text).toContain("Köln");

    const ops = await staff();
    await call("POST", `/api/ops/sales/${saleUuid}/events`, ops, { type: "parcel_received" });
    await jobs().drain();
    expect(subjectsTo("label@example.com")).toContain(`Your parcel for sale ${number} has arrived`);
    const count = smtp().to("label@example.com").length;
    expect(await jobs().drain()).toBe(0);
    expect(smtp().to("label@example.com")).toHaveLength(count);
  });

  it("mail the parcel's arrival and the start of the inspection, also when staff record both in one go", async () => {
    const { number, saleUuid } = await sale("inspected@example.com", "de");
    await jobs().drain();
    const ops = await staff();
    for (const type of ["parcel_received", "inspection_started"]) await call("POST", `/api/ops/sales/${saleUuid}/events`, ops, { type });
    await jobs().drain();
    const subjects = subjectsTo("inspected@example.com");
    expect(subjects).toContain(`Dein Paket zum Verkauf ${number} ist angekommen`);
    expect(subjects).toContain(`Dein Verkauf ${number}: Wir prüfen deine Artikel`);
    const inspection = smtp().to("inspected@example.com").find((r) => r.mail.subject?.includes("Wir prüfen"))!.mail.text!;
    expect(inspection).toContain("wir haben mit der Prüfung deines Artikels begonnen.");
    expect(inspection).toContain(`/my/sales/${saleUuid}`);
    // Each once.
    expect(await jobs().drain()).toBe(0);
    expect(subjects.filter((s) => s?.includes(number))).toHaveLength(3);
    expect(await troubledJobs()).toEqual([]);
  });

  it("remind three days before a counteroffer's deadline, and settle it when the seller stays silent", async () => {
    const { number, saleUuid, itemUuid, cookies } = await sale("silent@example.com", "de");
    const ops = await staff();
    for (const type of ["parcel_received", "inspection_started"]) await call("POST", `/api/ops/sales/${saleUuid}/events`, ops, { type });
    const madeAt = now();
    await call("POST", `/api/ops/sales/${saleUuid}/events`, ops, { type: "counteroffer_made", counteroffer: [{ itemUuid, grade: "A2", price: 23_400, reason: "Kratzer auf dem Display" }] });
    await jobs().drain();
    expect(subjectsTo("silent@example.com")).toContain(`Neues Angebot zu deinem Verkauf ${number}`);
    const counteroffer = smtp().to("silent@example.com").find((r) => r.mail.subject?.startsWith("Neues Angebot"))!.mail.text!;
    expect(counteroffer.replace(/\u00a0/g, " ")).toContain("234,00 €");

    setNow(new Date(madeAt.getTime() + 10 * DAY));
    await jobs().drain();
    expect(subjectsTo("silent@example.com").filter((s) => s?.startsWith("Erinnerung"))).toHaveLength(0);

    setNow(new Date(madeAt.getTime() + 11 * DAY + 60_000));
    await jobs().drain();
    setNow(new Date(now().getTime() + 60_000));
    await jobs().drain();
    expect(subjectsTo("silent@example.com").filter((s) => s?.startsWith("Erinnerung"))).toHaveLength(1);
    expect((await call("GET", `/api/sales/${saleUuid}`, cookies)).json().status).toBe("counteroffer");

    setNow(new Date(madeAt.getTime() + 14 * DAY + 60_000));
    await jobs().drain();
    const view = (await call("GET", `/api/sales/${saleUuid}`, cookies)).json();
    expect(view).toMatchObject({ status: "offer_confirmed", totals: { payout: { amount: 23_400 } } });
    expect(view.timeline.at(-1)).toMatchObject({ event: "counteroffer_expired" });
    expect(subjectsTo("silent@example.com")).toContain(`Dein Verkauf ${number}: Prüfung abgeschlossen`);
    setNow(new Date(now().getTime() + 60_000));
    await jobs().drain();
    expect(subjectsTo("silent@example.com").filter((s) => s?.startsWith("Erinnerung"))).toHaveLength(1);
    expect(await troubledJobs()).toEqual([]);
  });
});
