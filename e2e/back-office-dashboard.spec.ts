import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { shopDayEnd, shopDayIso } from "../src/domain/dates.ts";
import { PERFECT_DEVICE, PERFECT_PHONE_CHECKLIST } from "../src/domain/selling/test-answers.ts";
import { expect, freshImei, hydrated, staffApi, staffStorageState, registeredCustomer, test, screenshotsAtWidths } from "./fixtures.ts";

/*
 * The back-office's start page reads its figures as staff see them, before and after a day's work
 * made here through the API: the specs before this one ran on the same database, so the test
 * compares what changed with what it made itself.
 */

const BOOKS_CATEGORY_ID = 20;
const BOOK_AS_SAID = { discMatchesCover: "yes", mediaComplete: "yes", mediaCondition: "like-new" };
const HOME = { firstName: "Mara", lastName: "Vogt", street: "Kastanienallee", houseNumber: "9", postalCode: "10435", city: "Berlin", country: "DE" };
let run = 0;
const key = (what: string) => `dashboard-e2e-${what}-${Date.now()}-${run++}`;
const languageAndConsent = (baseURL: string) => [
  { name: "reloop-language", value: "de", url: baseURL },
  { name: "reloop-consent", value: "necessary", url: baseURL },
];

async function customer(playwright: Parameters<typeof staffApi>[0], baseURL: string, name: string): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL });
  await registeredCustomer(request, name);
  return request;
}

/** One phone in A1 ordered by a new customer and paid in the sandbox; a unit of it bought in first, so the shelf does not run dry. */
async function paidOrder(playwright: Parameters<typeof staffApi>[0], baseURL: string, staff: APIRequestContext, productId: number) {
  expect((await staff.post("/api/ops/units", { data: { productId, grade: "A1", purchasePrice: 15_000, supplier: "Dashboard e2e", identifier: freshImei() } })).status()).toBe(201);
  const shopper = await customer(playwright, baseURL, "dashboard-buyer");
  expect((await shopper.post("/api/cart/items", { data: { id: productId, productVariantLabel: "A1", withFullBattery: false } })).ok()).toBe(true);
  expect((await shopper.put("/api/checkout/address", { data: { billingAddress: HOME } })).ok()).toBe(true);
  const cart = await (await shopper.put("/api/cart/options", { data: { paymentMethod: "sandbox" } })).json();
  const placed = await shopper.post("/api/checkout/orders", {
    headers: { "idempotency-key": key("order") },
    data: { expectedTotal: cart.totals.total.amount, expectedDispatch: { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch }, termsAccepted: true },
  });
  expect(placed.status()).toBe(201);
  const { orderUuid, redirectUrl } = await placed.json();
  const start = await shopper.get(redirectUrl, { maxRedirects: 0 });
  expect((await shopper.post(start.headers().location!, { form: { result: "approved" }, maxRedirects: 0 })).status()).toBe(303);
  const view = await (await staff.get(`/api/ops/orders/${orderUuid}`)).json();
  const [item] = view.items as { uuid: string; price: { amount: number }; unit: { label: string } }[];
  return { uuid: orderUuid as string, shopper, item: item!, urgency: view.urgency as "late" | "at_risk" | "on_time" };
}

async function picked(staff: APIRequestContext, order: Awaited<ReturnType<typeof paidOrder>>) {
  expect((await staff.post(`/api/ops/orders/${order.uuid}/pick`, { data: { itemUuid: order.item.uuid, code: order.item.unit.label } })).status()).toBe(200);
}
async function delivered(staff: APIRequestContext, order: Awaited<ReturnType<typeof paidOrder>>) {
  await picked(staff, order);
  expect((await staff.post(`/api/ops/orders/${order.uuid}/ship`, { data: { carrier: "dhl", trackingNumber: "003404341234567890" } })).status()).toBe(200);
  expect((await staff.post(`/api/ops/orders/${order.uuid}/delivered`)).status()).toBe(200);
}

/** A new seller's sale of a phone and a book, through the API in their session. */
async function sale(playwright: Parameters<typeof staffApi>[0], baseURL: string, products: { phone: number; book: number }) {
  const seller = await customer(playwright, baseURL, "dashboard-seller");
  for (const [id, answers] of [
    [products.phone, PERFECT_DEVICE],
    [products.book, { mediaComplete: "yes", mediaCondition: "like-new" }],
  ] as const) {
    const offer = await (await seller.post(`/api/trade-in/products/${id}/offer`, { data: { answers } })).json();
    expect((await seller.post(`/api/green-cart/items/${id}`, { data: { price: offer.price.amount, customerGradingDto: { answers } } })).status()).toBe(201);
  }
  const cart = await (await seller.get("/api/green-cart")).json();
  const sold = await seller.post("/api/green-cart/checkout", {
    headers: { "idempotency-key": key("sale") },
    data: { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: HOME, payout: { method: "paypal", email: "mara@example.com" } },
  });
  expect(sold.status()).toBe(201);
  return (await sold.json()).saleUuid as string;
}

/**
 * How long to wait so that a run of `duration` ms stays within one shop day: the figures count by
 * the day in Berlin, so a run across its midnight would see today's counts restart and the 30 days
 * move by one, and compare figures of two different days.
 */
function waitForOneShopDay(duration: number, now = Date.now()): number {
  const untilMidnight = shopDayEnd(shopDayIso(new Date(now))).getTime() + 1 - now;
  return untilMidnight < duration ? untilMidnight + 1_000 : 0;
}

/** Digits of a figure as the page writes it in German: "1.234" → 1234, "1.234,56 €" → 123456 cents. */
const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, "") || "0");

/** What the page shows: each figure the test made something for, read from its table or figure. */
async function readFigures(page: Page) {
  const row = async (table: string, name: string) => {
    const rows = page.getByTestId(table).getByRole("row", { name });
    if ((await rows.count()) === 0) return [0, 0, 0, 0, 0];
    return (await rows.first().getByRole("cell").allTextContents()).map(digits);
  };
  const [late, atRisk, onTime] = await row("dashboard-fulfilment-table", "Zu kommissionieren");
  const [, , , toShip] = await row("dashboard-fulfilment-table", "Zu versenden");
  const [parcelsToday] = await row("dashboard-intake-table", "Paket (unterwegs)");
  const [arrivedToday] = await row("dashboard-intake-table", "Prüfung (angekommen)");
  // The stock table's last row is its total.
  const stock = (await page.getByTestId("dashboard-stock-table").locator("tbody tr").last().getByRole("cell").allTextContents()).map(digits);
  const figure = async (testId: string) => ((await page.getByTestId(testId).count()) > 0 ? digits(await page.getByTestId(testId).textContent()) : 0);
  return {
    toPick: { late: late!, at_risk: atRisk!, on_time: onTime! },
    toShip: toShip!,
    parcelsToday: parcelsToday!,
    arrivedToday: arrivedToday!,
    stock: stock[4]!,
    returnsRequested: digits(await page.getByTestId("dashboard-returns-requested").textContent()),
    returnsReceived: digits(await page.getByTestId("dashboard-returns-received").textContent()),
    claimsOpen: digits(await page.getByTestId("dashboard-claims-open").textContent()),
    payoutsDue: digits(await page.getByTestId("dashboard-payouts-due").textContent()),
    payoutsDueCount: await figure("dashboard-payouts-due-count"),
    revenue: digits(await page.getByTestId("dashboard-sales-revenue").textContent()),
    unitsSold: digits(await page.getByTestId("dashboard-sales-units").textContent()),
    accepted: await figure("dashboard-tradein-accepted"),
    inspected: await figure("dashboard-tradein-inspected"),
  };
}

async function staffPage(browser: Browser, playwright: Parameters<typeof staffApi>[0], baseURL: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL), javaScriptEnabled });
  await context.addCookies(languageAndConsent(baseURL));
  return context.newPage();
}

/** The dashboard with its charts drawn (the chart library arrives after the page). */
async function openDashboard(page: Page, query = "") {
  await page.goto(`/ops${query}`);
  await expect(page.getByRole("heading", { level: 2, name: "Kennzahlen" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId("dashboard-chart-skeleton")).toHaveCount(0);
}

test("the dashboard's figures follow a day of orders, trade-ins and returns made in the test; charts with tables, 30 or 90 days without JavaScript, axe", async ({ browser, playwright, baseURL }) => {
  const duration = 240_000;
  const wait = waitForOneShopDay(duration);
  test.setTimeout(duration + wait);
  const staff = await staffApi(playwright, baseURL!);
  const page = await staffPage(browser, playwright, baseURL!);
  if (wait > 0) await page.waitForTimeout(wait);
  await openDashboard(page);
  for (const name of ["fulfilment", "returns", "intake", "tradeIn", "payouts", "sales", "stock"]) await expect(page.getByTestId(`dashboard-${name}`)).toBeVisible();
  const before = await readFigures(page);

  // The day: five orders (one waits to be picked, one to be shipped, three delivered: two returned, one claimed), three trade-ins.
  const units = await (await staff.get("/api/ops/units?status=in_stock&grade=A1&q=iPhone")).json();
  const productId = (units.units[0] as { product: { id: number } }).product.id;
  const orders = [];
  for (let i = 0; i < 5; i++) orders.push(await paidOrder(playwright, baseURL!, staff, productId));
  const [toPick, toShip, returned, received, claimed] = orders as [Awaited<ReturnType<typeof paidOrder>>, ...Awaited<ReturnType<typeof paidOrder>>[]];
  await picked(staff, toShip!);
  for (const order of [returned!, received!, claimed!]) await delivered(staff, order);
  for (const order of [returned!, received!]) {
    expect((await order.shopper.post(`/api/orders/${order.uuid}/returns`, { data: { items: [{ orderItemUuid: order.item.uuid, reason: "changed_mind" }] } })).status()).toBe(201);
  }
  const requested = await received!.shopper.get(`/api/orders/${received!.uuid}/returns`);
  expect((await staff.post("/api/ops/returns/receive", { data: { label: (await requested.json()).returns[0].number } })).status()).toBe(200);
  expect((await claimed!.shopper.post(`/api/orders/${claimed!.uuid}/warranty-claims`, { data: { orderItemUuid: claimed!.item.uuid, description: "Der Lautsprecher knackt.", remedy: "repair" } })).status()).toBe(201);

  const phone = ((await (await staff.get("/api/trade-in/search?query=iPhone")).json()).items[0] as { id: number }).id;
  const books = (await (await staff.get(`/api/trade-in/search?categoryId=${BOOKS_CATEGORY_ID}&pageSize=24`)).json()).items as { id: number; maxPayout: number }[];
  const book = books.sort((a, b) => b.maxPayout - a.maxPayout)[0]!.id;
  await sale(playwright, baseURL!, { phone, book });
  const arrived = await sale(playwright, baseURL!, { phone, book });
  expect((await staff.post(`/api/ops/sales/${arrived}/receive`, { data: {} })).status()).toBe(200);
  const settled = await sale(playwright, baseURL!, { phone, book });
  expect((await staff.post(`/api/ops/sales/${settled}/receive`, { data: {} })).status()).toBe(200);
  const items = (await (await staff.get(`/api/ops/sales/${settled}`)).json()).items as { uuid: string; version: number; questionSet: string }[];
  for (const item of items) {
    const checklist = item.questionSet === "media" ? BOOK_AS_SAID : { ...PERFECT_PHONE_CHECKLIST, imei: freshImei() };
    const inspected = await staff.post(`/api/ops/sales/${settled}/items/${item.uuid}/inspection`, { data: { version: item.version, checklist } });
    expect(inspected.status(), await inspected.text()).toBe(200);
  }
  const payout = ((await (await staff.get("/api/ops/payouts/due")).json()).payouts as { saleUuid: string; amount: { amount: number } }[]).find((p) => p.saleUuid === settled)!;

  // What the test made, counted here; what the page shows now, less what it showed before.
  await openDashboard(page);
  const after = await readFigures(page);
  const made = {
    toPick: { late: 0, at_risk: 0, on_time: 0, [toPick!.urgency]: 1 },
    toShip: 1,
    parcelsToday: 1,
    arrivedToday: 1,
    // Five units bought in and five sold; the settled trade-in's phone and book came into stock.
    stock: 5 - 5 + 2,
    returnsRequested: 1,
    returnsReceived: 1,
    claimsOpen: 1,
    payoutsDue: payout.amount.amount,
    payoutsDueCount: 1,
    revenue: orders.reduce((sum, o) => sum + o.item.price.amount, 0),
    unitsSold: 5,
    accepted: 2,
    inspected: 2,
  };
  const delta = Object.fromEntries(
    Object.entries(after).map(([name, value]) => {
      const earlier = before[name as keyof typeof before];
      return [name, typeof value === "number" ? value - (earlier as number) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v - (earlier as Record<string, number>)[k]!]))];
    }),
  );
  expect(delta).toEqual(made);

  // Every chart beside its table, described by it; axe finds nothing.
  const charts = page.getByTestId("dashboard-chart");
  expect(await charts.count()).toBeGreaterThanOrEqual(5);
  for (const chart of await charts.all()) {
    const table = await chart.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${table}"]`)).toHaveCount(1);
    await expect(chart.locator("svg").first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 3, name: "Verkäufe der letzten 30 Tage" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAtWidths(page, "back-office-dashboard", "dashboard", [1280, 390]);

  // The period switch is a pair of links: it works without JavaScript.
  const plain = await staffPage(browser, playwright, baseURL!, false);
  await plain.goto("/ops");
  await plain.getByRole("navigation", { name: "Zeitraum" }).getByRole("link", { name: "90 Tage" }).click();
  await expect(plain).toHaveURL(/\/ops\?days=90$/);
  await expect(plain.getByRole("heading", { level: 3, name: "Verkäufe der letzten 90 Tage" })).toBeVisible();
  await expect(plain.getByRole("link", { name: "90 Tage" })).toHaveAttribute("aria-current", "page");
  await expect(digits(await plain.getByTestId("dashboard-sales-units").textContent())).toBeGreaterThanOrEqual(after.unitsSold);
});
