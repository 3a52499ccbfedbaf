import { readFileSync } from "node:fs";
import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { formatMoney } from "../src/domain/money.ts";
import { centsAsDecimal, shopMonthOf } from "../src/domain/reports/reports.ts";
import { expect, hydrated, invitedStaffMember, staffApi, test, screenshotsAtWidths } from "./fixtures.ts";

const HOME = { firstName: "Ida", lastName: "Brandt", street: "Marktplatz", houseNumber: "1", postalCode: "04109", city: "Leipzig", country: "DE" };

async function noAxeViolations(page: Page) {
  await hydrated(page);
  await expectNoAxeViolations(page);
}

/** The page at desktop and tablet width, for a person to look at. */
const screenshots = (page: Page, name: string) => screenshotsAtWidths(page, "back-office-reports", name, [1280, 820]);

interface SoldUnit {
  grade: string;
  price: number;
  purchasePrice: number;
}

/**
 * A guest buys a used unit and a new one of a phone, pays in the sandbox, and staff pick both by
 * their labels and ship the parcel: what each unit sold for and cost, and the month it left in.
 */
async function shippedOrder(guest: APIRequestContext, staff: APIRequestContext): Promise<{ number: string; month: string; units: SoldUnit[] }> {
  let chosen: { id: number; used: string } | undefined;
  for (let pageNumber = 1; pageNumber <= 3 && !chosen; pageNumber += 1) {
    const listed = await (await guest.get(`/api/products?categoryId=21&inStock=1&page=${pageNumber}`)).json();
    for (const item of listed.items as { id: number }[]) {
      const picker = (await (await guest.get(`/api/products/${item.id}`)).json()).product.variantPicker as { label: string; quantity: number }[];
      const used = picker.find((v) => v.label !== "NEW" && v.quantity >= 2);
      if (used && picker.some((v) => v.label === "NEW" && v.quantity >= 2)) {
        chosen = { id: item.id, used: used.label };
        break;
      }
    }
  }
  expect(chosen, "a phone with used and new units in stock").toBeDefined();
  for (const grade of [chosen!.used, "NEW"]) {
    expect((await guest.post("/api/cart/items", { data: { id: chosen!.id, productVariantLabel: grade, withFullBattery: false } })).status()).toBeLessThan(300);
  }
  await guest.put("/api/checkout/address", { data: { email: `report-buyer-${Date.now()}@example.com`, billingAddress: HOME } });
  const cart = await (await guest.put("/api/cart/options", { data: { paymentMethod: "sandbox" } })).json();
  const placed = await guest.post("/api/checkout/orders", {
    headers: { "idempotency-key": `report-e2e-${Date.now()}` },
    data: { expectedTotal: cart.totals.total.amount, expectedDispatch: { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch }, termsAccepted: true },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const start = await guest.get(order.redirectUrl, { maxRedirects: 0 });
  expect((await guest.post(start.headers().location!, { form: { result: "approved" }, maxRedirects: 0 })).status()).toBe(303);

  const view = await (await staff.get(`/api/ops/orders/${order.orderUuid}`)).json();
  expect(view.status).toBe("paid");
  const units: SoldUnit[] = [];
  for (const item of view.items as { uuid: string; grade: string; price: { amount: number }; unit: { label: string } }[]) {
    const unit = await (await staff.get(`/api/ops/units/${item.unit.label}`)).json();
    units.push({ grade: item.grade, price: item.price.amount, purchasePrice: unit.purchasePrice.amount });
    expect((await staff.post(`/api/ops/orders/${order.orderUuid}/pick`, { data: { itemUuid: item.uuid, code: item.unit.label } })).status()).toBe(200);
  }
  const shipped = await (await staff.post(`/api/ops/orders/${order.orderUuid}/ship`, { data: { carrier: "dhl", trackingNumber: "003404341234567890" } })).json();
  expect(shipped.status).toBe("shipped");
  return { number: order.number, month: shopMonthOf(new Date(shipped.shipment.shippedAt)), units };
}

/** VAT within an amount that includes it: 19/119, rounded to the cent. */
const vatIn = (cents: number) => Math.round((cents * 19) / 119);
const cents = (euros: string) => Math.round(Number(euros) * 100);

test("finance exports the month's margin-scheme report as CSV: its rows are the units sold, its sums the totals on screen", async ({ page, playwright, baseURL, request }) => {
  test.setTimeout(120_000);
  const staff = await staffApi(playwright, baseURL!);
  const sold = await shippedOrder(request, staff);
  await staff.dispose();

  await invitedStaffMember(page, playwright, baseURL!, ["finance"]);
  await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Berichte" }).click();
  await expect(page).toHaveURL(/\/ops\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Differenzbesteuerung – Berichte" })).toBeVisible();
  await noAxeViolations(page);

  // The month the parcel left in (this one, unless it left at a month's last midnight).
  await page.getByLabel("Monat").fill(sold.month);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${sold.month}`));
  await expect(page.getByTestId("margin-rows").getByRole("row", { name: new RegExp(sold.number) })).toHaveCount(1);
  await screenshots(page, "margin-report");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV herunterladen" }).click()]);
  expect(download.suggestedFilename()).toBe(`margin-report-${sold.month}.csv`);
  const rows = parse(readFileSync((await download.path())!), { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];

  // The order's two units: the used one's VAT is in its margin (none below cost), the new one's in its price.
  const used = sold.units.find((u) => u.grade !== "NEW")!;
  const fresh = sold.units.find((u) => u.grade === "NEW")!;
  const usedMargin = Math.max(0, used.price - used.purchasePrice);
  const ours = rows.filter((r) => r.order_number === sold.number);
  expect(ours).toEqual([
    expect.objectContaining({ kind: "sale", vat_scheme: "margin", grade: used.grade, sale_price_eur: centsAsDecimal(used.price), purchase_price_eur: centsAsDecimal(used.purchasePrice), margin_eur: centsAsDecimal(usedMargin), vat_eur: centsAsDecimal(vatIn(usedMargin)) }),
    expect.objectContaining({ kind: "sale", vat_scheme: "standard", grade: "NEW", sale_price_eur: centsAsDecimal(fresh.price), vat_eur: centsAsDecimal(vatIn(fresh.price)) }),
  ]);

  // The file's sums per scheme are the month's totals on screen, to the cent.
  for (const scheme of ["margin", "standard"] as const) {
    const lines = rows.filter((r) => r.vat_scheme === scheme);
    const sum = (column: string) => lines.reduce((total, r) => total + cents(r[column] || "0"), 0);
    const month = page.getByTestId(`totals-scheme-${scheme}-net`).getByRole("cell");
    await expect(month.nth(1)).toHaveText(formatMoney(sum("sale_price_eur"), "de"));
    await expect(month.nth(3)).toHaveText(formatMoney(sum("margin_eur"), "de"));
    await expect(month.nth(4)).toHaveText(formatMoney(sum("vat_eur"), "de"));
    await expect(page.getByTestId(`totals-scheme-${scheme}-sales`).getByRole("cell").first()).toHaveText(String(lines.filter((r) => r.kind === "sale").length));
  }

  // New goods are listed apart.
  await page.getByRole("link", { name: "Neuware (19 %)" }).click();
  await expect(page.getByTestId("margin-rows").getByRole("row", { name: new RegExp(sold.number) })).toContainText("NEW");
  await noAxeViolations(page);

  // The period's orders hold the order; the export pages pass axe too.
  await page.getByRole("navigation", { name: "Berichte" }).getByRole("link", { name: "Bestellungen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bestellungen – Berichte" })).toBeVisible();
  await page.getByLabel("Von").fill(`${sold.month}-01`);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByTestId("report-rows").getByRole("row", { name: new RegExp(sold.number) })).toBeVisible();
  await noAxeViolations(page);
});
