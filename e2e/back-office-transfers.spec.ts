import { readFileSync } from "node:fs";
import { expectNoAxeViolations } from "./axe.ts";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { camt053 } from "../src/test/camt053.ts";
import { freshFactorLeft } from "../src/web/features/ops/second-factor.ts";
import { XMLParser } from "fast-xml-parser";
import { expect, giveStaffCode, hydrated, mailTo, staffStorageState, test } from "./fixtures.ts";

async function germanContext(browser: Browser, baseURL: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  await context.addCookies([
    { name: "reloop-language", value: "de", url: baseURL },
    { name: "reloop-consent", value: "necessary", url: baseURL },
  ]);
  return context;
}

/** A new customer, logged in, buys one device of the seeded catalogue and pays by bank transfer: the order's id and number. */
async function orderPaidByTransfer(page: Page, email: string): Promise<{ uuid: string; number: string }> {
  const password = "a-long-enough-password-1";
  expect((await page.request.post("/api/customer/registrations", { data: { email, password } })).ok()).toBe(true);
  expect((await page.request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
  const list = await (await page.request.get("/api/products?categoryId=20&inStock=1")).json();
  let url: string | undefined;
  for (const item of list.items as { id: number }[]) {
    const view = await (await page.request.get(`/api/products/${item.id}`)).json();
    const grade = (view.product.variantPicker as { label: string; quantity: number }[]).find((v) => v.label !== "NEW" && v.quantity >= 3);
    if (grade) {
      url = `/i${view.product.id},${view.product_slug}?variant=${grade.label}`;
      break;
    }
  }
  expect(url, "a device in stock").toBeDefined();
  await page.goto(url!);
  await hydrated(page);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" }).getByRole("link", { name: "Zum Warenkorb" }).click();
  await expect(page.getByTestId("cart-item")).toHaveCount(1);
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page.getByText(`Angemeldet als ${email}.`)).toBeVisible();
  const billing = page.getByRole("group", { name: "Rechnungsadresse" });
  for (const [label, value] of [["Vorname", "Kim"], ["Nachname", "Berger"], ["Straße", "Schillerstraße"], ["Nr.", "7"], ["PLZ", "04109"], ["Ort", "Leipzig"]] as const) await billing.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByLabel(/Vorkasse per Überweisung/).check();
  await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
  await expect(page).toHaveURL(/\/checkout\/overview$/);
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByRole("button", { name: "Jetzt kaufen" }).click();
  await expect(page).toHaveURL(/\/checkout\/order\/index\/id\/[\w-]+$/);
  await expect(page.getByTestId("order-status")).toHaveText("Wartet auf deine Überweisung");
  const number = (await page.getByTestId("order-number").textContent())!.match(/R\d{2}-\d{6}/)![0];
  return { uuid: page.url().split("/").pop()!, number };
}

test("finance imports the bank's statement: the order's transfer pays it, a transfer naming no order waits as unmatched; the order cancelled by staff is refunded to the account the money came from", async ({ browser, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `transfer-${stamp}@example.com`;
  const customerContext = await germanContext(browser, baseURL!);
  const customer = await customerContext.newPage();
  const order = await orderPaidByTransfer(customer, email);
  const { totalPrice } = await (await customer.request.get(`/api/orders/${order.uuid}`)).json();
  const euros = (totalPrice.amount / 100).toFixed(2);

  // The bank's statement: the customer's transfer with the order's number and exact total, and one whose reference names no order.
  const iban = "DE75512108001245126199";
  const statement = camt053(
    [
      { reference: `E2E-${stamp}-1`, amount: euros, remittance: [`Bestellung ${order.number}`, "Kim Berger"], debtorName: "Kim Berger", debtorIban: iban },
      { reference: `E2E-${stamp}-2`, amount: "48.50", remittance: [`Rueckzahlung Auslage ${stamp}`], debtorName: "Paula Unbekannt", debtorIban: "DE02120300000000202051" },
    ],
    { statementId: `STMT-E2E-${stamp}` },
  );

  const financeContext = await germanContext(browser, baseURL!, { storageState: await staffStorageState(playwright, baseURL!), acceptDownloads: true });
  const finance = await financeContext.newPage();
  finance.on("dialog", (dialog) => void dialog.accept());
  await finance.goto("/ops/transfers");
  await expect(finance.getByRole("heading", { level: 1, name: "Eingehende Überweisungen" })).toBeVisible();
  await hydrated(finance);
  await finance.getByLabel("Kontoauszug (camt.053, XML)").setInputFiles({ name: `auszug-${stamp}.xml`, mimeType: "application/xml", buffer: Buffer.from(statement) });
  await finance.getByRole("button", { name: "Auszug einlesen" }).click();
  const summary = finance.getByTestId("import-summary");
  await expect(summary).toContainText("2 neue Überweisungen, davon 1 sofort gebucht");
  await expect(summary).toContainText("0 waren schon da");
  await hydrated(finance);
  await expectNoAxeViolations(finance);

  // The one naming no order waits under "Nicht zugeordnet"; the order's is booked onto it.
  await finance.getByRole("navigation", { name: "Nach Stand filtern" }).getByRole("link", { name: /^Nicht zugeordnet/ }).click();
  await expect(finance).toHaveURL(/\/ops\/transfers\?state=unmatched$/);
  const unmatched = finance.getByTestId("transfers").getByRole("row").filter({ hasText: `Rueckzahlung Auslage ${stamp}` });
  await expect(unmatched).toContainText("Nicht zugeordnet");
  await expect(unmatched).toContainText("Paula Unbekannt");
  await expect(finance.getByTestId("transfers")).not.toContainText(order.number);
  await hydrated(finance);
  await expectNoAxeViolations(finance);
  await finance.getByRole("navigation", { name: "Nach Stand filtern" }).getByRole("link", { name: /^Gebucht/ }).click();
  const booked = finance.getByTestId("transfers").getByRole("row").filter({ hasText: `Bestellung ${order.number}` });
  await expect(booked).toContainText("Gebucht");
  await expect(booked).toContainText("Kim Berger");

  // The customer sees it paid, and the confirmation arrives.
  await customer.goto(`/my/orders/${order.uuid}`);
  await expect(customer.getByTestId("order-status")).toHaveText("Bezahlt – wird für den Versand vorbereitet");
  expect((await mailTo(email, /ist bestätigt/)).subject).toContain(order.number);

  // Staff cancel it: the refund goes back by transfer, to the account the money came from.
  await finance.goto(`/ops/orders/${order.uuid}`);
  await hydrated(finance);
  await finance.getByText("Bestellung stornieren …").click();
  await finance.getByLabel("Grund").fill("Gerät beim Packen beschädigt");
  await finance.getByRole("button", { name: "Bestellung stornieren" }).click();
  await expect(finance.getByRole("status").filter({ hasText: "Bestellung storniert" })).toBeVisible();
  expect((await mailTo(email, /ist storniert/)).subject).toContain(order.number);

  await finance.goto("/ops/payouts");
  const refunds = finance.getByTestId("refunds-due");
  await expect(finance.getByRole("heading", { level: 2, name: "Erstattungen per Überweisung" })).toBeVisible();
  const refund = refunds.getByRole("row").filter({ hasText: order.number });
  await expect(refund).toContainText(email);
  await expect(refund).toContainText(iban);
  await expect(refund).toContainText("Kim Berger");
  await expect(refund).toContainText(new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 }).format(totalPrice.amount / 100));
  await expect(refund.getByRole("link", { name: order.number })).toHaveAttribute("href", `/ops/orders/${order.uuid}`);
  await expect(finance.getByTestId("batch-all-takes")).toContainText(/Alles Fällige nimmt \d+\sErstattung(en)? mit bekanntem Konto mit/);
  await hydrated(finance);
  await expectNoAxeViolations(finance);

  // A batch of everything due takes it into the SEPA file; executed, the refund is sent.
  await finance.getByRole("button", { name: "Alles Fällige in einen Stapel" }).click();
  await finance.waitForURL(/\/ops\/(second-factor|payouts\/batches\/\d+)/);
  if (finance.url().includes("/ops/second-factor")) {
    // Money going out asks again for a code given too long ago; then back to the list, and once more.
    await giveStaffCode(finance, /\/ops\/payouts/);
    await hydrated(finance);
    await finance.getByRole("button", { name: "Alles Fällige in einen Stapel" }).click();
  }
  await expect(finance).toHaveURL(/\/ops\/payouts\/batches\/\d+$/);
  const batchUrl = new URL(finance.url()).pathname;
  const inBatch = finance.getByTestId("batch-refunds").getByRole("row").filter({ hasText: order.number });
  await expect(inBatch).toContainText(iban);
  await expect(inBatch).toContainText("Kim Berger");
  await hydrated(finance);
  await expectNoAxeViolations(finance);
  const confirm = finance.getByRole("link", { name: "Mit Code bestätigen, dann herunterladen" });
  // The download gives way to the confirmation half a minute before the factor stops counting: that close, wait for it.
  const { secondFactor } = await (await finance.request.get("/api/ops/me")).json();
  const left = freshFactorLeft(secondFactor.recentUntil);
  if (left < 30_000) await expect(confirm).toBeVisible({ timeout: Math.max(0, left) + 10_000 });
  if (await confirm.isVisible()) {
    await confirm.click();
    await giveStaffCode(finance, new RegExp(`${batchUrl}$`));
  }
  const downloading = finance.waitForEvent("download");
  await finance.getByRole("link", { name: "SEPA-Datei herunterladen" }).click();
  const file = readFileSync((await (await downloading).path())!, "utf8");
  const transfers = [new XMLParser({ parseTagValue: false }).parse(file).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf].flat() as { PmtId: { EndToEndId: string }; Amt: { InstdAmt: string }; CdtrAcct: { Id: { IBAN: string } } }[];
  expect(transfers.find((t) => t.PmtId.EndToEndId === `${order.number}-R`)).toMatchObject({ Amt: { InstdAmt: euros }, CdtrAcct: { Id: { IBAN: iban } } });
  await finance.getByRole("button", { name: "Als ausgeführt markieren" }).click();
  await expect(finance.getByRole("status")).toContainText("die Erstattungen als überwiesen vermerkt");
  await finance.goto("/ops/payouts");
  await expect(finance.getByRole("heading", { level: 2, name: "Erstattungen per Überweisung" })).toBeVisible();
  await expect(finance.getByTestId("refunds-due").getByRole("row").filter({ hasText: order.number })).toHaveCount(0);

  await financeContext.close();
  await customerContext.close();
});
