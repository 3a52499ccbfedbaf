import { readFileSync } from "node:fs";
import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { PERFECT_DEVICE } from "../src/domain/selling/test-answers.ts";
import { expect, giveStaffCode, hydrated, mailTo, staffApi, staffStorageState, test } from "./fixtures.ts";

/** A new seller's sale of a phone, paid by bank transfer, settled by staff (offer confirmed): its number. */
async function settledSale(request: APIRequestContext, staff: APIRequestContext, email: string): Promise<{ uuid: string; number: string }> {
  const password = "a-long-enough-password-1";
  expect((await request.post("/api/customer/registrations", { data: { email, password } })).ok()).toBe(true);
  expect((await request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
  const { items } = await (await request.get("/api/trade-in/search?query=iPhone")).json();
  const phone = items[0] as { id: number };
  const offer = await (await request.post(`/api/trade-in/products/${phone.id}/offer`, { data: { answers: PERFECT_DEVICE } })).json();
  expect((await request.post(`/api/green-cart/items/${phone.id}`, { data: { price: offer.price.amount, customerGradingDto: { answers: PERFECT_DEVICE } } })).status()).toBe(201);
  const cart = await (await request.get("/api/green-cart")).json();
  const sold = await request.post("/api/green-cart/checkout", {
    headers: { "idempotency-key": `payout-e2e-${Date.now()}` },
    data: {
      termsAccepted: true,
      expectedPayout: cart.totals.payout.amount,
      address: { firstName: "Anna", lastName: "Groß", street: "Lindenallee", houseNumber: "12", postalCode: "50968", city: "Köln", country: "DE" },
      payout: { method: "bank_transfer", iban: "DE02120300000000202051", holder: "Anna Groß" },
    },
  });
  expect(sold.status()).toBe(201);
  const { saleUuid, number } = await sold.json();
  for (const type of ["parcel_received", "inspection_started", "offer_confirmed"]) expect((await staff.post(`/api/ops/sales/${saleUuid}/events`, { data: { type } })).status()).toBe(200);
  return { uuid: saleUuid, number };
}

test("finance batches a due payout, downloads its SEPA file and marks it executed; the seller is paid and mailed; a transfer the bank returns is corrected by the seller", async ({ browser, playwright, baseURL, request }) => {
  const staff = await staffApi(playwright, baseURL!);
  const email = `payee-${Date.now()}@example.com`;
  const sale = await settledSale(request, staff, email);

  const context = await browser.newContext({ baseURL: baseURL!, storageState: await staffStorageState(playwright, baseURL!), acceptDownloads: true });
  await context.addCookies([
    { name: "reloop-language", value: "de", url: baseURL! },
    { name: "reloop-consent", value: "necessary", url: baseURL! },
  ]);
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/ops/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Auszahlungen" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Erstattungen per Überweisung" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Alles Fällige in einen Stapel" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  // Only this sale into the batch: the others due stay for their own specs.
  const batchThisSale = async () => {
    const due = page.getByTestId("payouts-due");
    for (const box of await due.getByRole("checkbox").all()) await box.uncheck();
    await due.getByRole("checkbox", { name: `Verkauf ${sale.number} in den Stapel` }).check();
    await page.getByRole("button", { name: "Ausgewählte in einen Stapel" }).click();
    await page.waitForURL(/\/ops\/(second-factor|payouts\/batches\/\d+)/);
  };
  await batchThisSale();
  // Money going out asks again for a code given too long ago; then back to the list, and once more.
  if (page.url().includes("/ops/second-factor")) {
    await giveStaffCode(page, /\/ops\/payouts/);
    await hydrated(page);
    await batchThisSale();
  }
  await expect(page).toHaveURL(/\/ops\/payouts\/batches\/\d+$/);
  const batchUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("batch-transfers")).toContainText(sale.number);
  // Chosen sales alone take no customer's refund: those go with a batch of everything due.
  await expect(page.getByRole("heading", { level: 2, name: "Erstattungen an Kunden (SEPA-Datei)" })).toBeVisible();
  await expect(page.getByText("Keine Erstattungen in diesem Stapel.")).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);

  const confirm = page.getByRole("link", { name: "Mit Code bestätigen, dann herunterladen" });
  if (await confirm.isVisible()) {
    await confirm.click();
    await giveStaffCode(page, new RegExp(`${batchUrl}$`));
  }
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "SEPA-Datei herunterladen" }).click();
  const file = readFileSync((await (await downloading).path())!, "utf8");
  const initiation = new XMLParser({ parseTagValue: false }).parse(file).Document.CstmrCdtTrfInitn;
  const transfers = [initiation.PmtInf.CdtTrfTxInf].flat() as { PmtId: { EndToEndId: string }; Amt: { InstdAmt: string }; Cdtr: { Nm: string } }[];
  expect(transfers.map((t) => t.PmtId.EndToEndId)).toEqual([sale.number]);
  expect(transfers[0]!.Cdtr.Nm).toBe("Anna Gross");
  expect(initiation.GrpHdr.CtrlSum).toBe(transfers[0]!.Amt.InstdAmt);

  await page.getByRole("button", { name: "Als ausgeführt markieren" }).click();
  await expect(page.getByRole("status")).toContainText("Stapel ausgeführt");
  await expect(page.getByText(/ausgeführt am/).first()).toBeVisible();
  expect(await (await request.get(`/api/sales/${sale.uuid}`)).json()).toMatchObject({ status: "paid", payoutStatus: "sent" });
  expect((await mailTo(email, /ist unterwegs/)).subject).toContain(sale.number);
  const audit = await (await staff.get(`/api/ops/audit?action=payout_batch.`)).json();
  expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["payout_batch.create", "payout_batch.export", "payout_batch.executed"]));

  // The bank sends the transfer back: the seller is asked, in the account, to correct it.
  await page.goto(batchUrl);
  await hydrated(page);
  await page.getByTestId("batch-transfers").getByRole("button", { name: "Von der Bank zurück" }).click();
  await expect(page.getByRole("status")).toContainText("Rücküberweisung erfasst");
  expect((await mailTo(email, /kam zurück/)).text).toContain(`/my/sales/${sale.uuid}`);
  const sellerContext = await browser.newContext({ baseURL: baseURL!, storageState: await request.storageState() });
  await sellerContext.addCookies([
    { name: "reloop-language", value: "de", url: baseURL! },
    { name: "reloop-consent", value: "necessary", url: baseURL! },
  ]);
  const seller = await sellerContext.newPage();
  await seller.goto(`/my/sales/${sale.uuid}`);
  const form = seller.getByTestId("payout-returned");
  await expect(form).toContainText("Deine Auszahlung kam zurück");
  await hydrated(seller);
  await expectNoAxeViolations(seller, '[data-testid="payout-returned"]');
  await form.getByLabel("Kontoinhaber").fill("Anna Groß");
  await form.getByLabel("IBAN").fill("DE02120300000000202052");
  await form.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(form.getByLabel("IBAN")).toHaveValue("DE02120300000000202052");
  await expect(form.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await form.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(seller.getByRole("status").filter({ hasText: "Gespeichert" })).toBeVisible();
  await expect(seller.getByTestId("payout-returned")).toHaveCount(0);
  expect((await (await staff.get("/api/ops/payouts/due")).json()).payouts.map((p: { saleNumber: string }) => p.saleNumber)).toContain(sale.number);
  await sellerContext.close();
  await context.close();
  await staff.dispose();
});
