import { axeViolations } from "./axe.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_STAFF } from "../src/demo-data/demo-customer.ts";
import { PERFECT_DEVICE } from "../src/domain/selling/test-answers.ts";
import routes from "../src/web/routes.ts";
import { expect, freshImei, hydrated, invitedStaffMember, orderPaidInSandbox, registeredCustomer, staffApi, staffStorageState, test } from "./fixtures.ts";

/*
 * Axe on every page of the back-office, read from the route table: a new /ops route without a visit
 * here fails the test. The pages are filled as staff meet them: an order delivered with one item
 * returned and one claimed, a trade-in in inspection and one in a payout batch, a price rule. The
 * admin of the run is the demo one: a second admin would change what the staff page's spec counts.
 */

const HEADPHONES_CATEGORY_ID = 15;
const HOME = { firstName: "Mara", lastName: "Vogt", street: "Kastanienallee", houseNumber: "9", postalCode: "10435", city: "Berlin", country: "DE" };
let run = 0;
const key = (what: string) => `a11y-e2e-${what}-${Date.now()}-${run++}`;
const languageAndConsent = (baseURL: string) => [
  { name: "reloop-language", value: "de", url: baseURL },
  { name: "reloop-consent", value: "necessary", url: baseURL },
];

type RouteEntry = { path?: string; children?: readonly RouteEntry[] };
/** The path patterns of the route table under /ops ("ops/orders/:orderUuid"), the invitation's page outside the frame too. */
function opsPatterns(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.path && /^ops(\/|$)/.test(entry.path) ? [entry.path] : []), ...opsPatterns(entry.children ?? [])]);
}
const matches = (pattern: string, path: string) => new RegExp(`^/${pattern.replace(/:\w+/g, "[^/]+")}$`).test(path);

/** A new customer's order of two units of one phone, paid in the sandbox, shipped and delivered; one item returned, the other claimed under warranty. */
async function deliveredOrderWithReturnAndClaim(shopper: APIRequestContext, staff: APIRequestContext) {
  const email = await registeredCustomer(shopper, "a11y-buyer");
  const stock = await (await staff.get("/api/ops/units?status=in_stock&grade=A1&q=iPhone")).json();
  const productId = (stock.units[0] as { product: { id: number } }).product.id;
  const units: { label: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const unit = await staff.post("/api/ops/units", { data: { productId, grade: "A1", purchasePrice: 15_000, supplier: "Accessibility e2e", identifier: freshImei() } });
    expect(unit.status()).toBe(201);
    units.push(await unit.json());
    expect((await shopper.post("/api/cart/items", { data: { id: productId, productVariantLabel: "A1", withFullBattery: false } })).ok()).toBe(true);
  }
  const { orderUuid } = await orderPaidInSandbox(shopper, HOME, key("order"));
  const items = (await (await staff.get(`/api/ops/orders/${orderUuid}`)).json()).items as { uuid: string; unit: { label: string } }[];
  for (const item of items) expect((await staff.post(`/api/ops/orders/${orderUuid}/pick`, { data: { itemUuid: item.uuid, code: item.unit.label } })).status()).toBe(200);
  expect((await staff.post(`/api/ops/orders/${orderUuid}/ship`, { data: { carrier: "dhl", trackingNumber: "003404341234567890" } })).status()).toBe(200);
  expect((await staff.post(`/api/ops/orders/${orderUuid}/delivered`)).status()).toBe(200);
  const returned = await shopper.post(`/api/orders/${orderUuid}/returns`, { data: { items: [{ orderItemUuid: items[0]!.uuid, reason: "changed_mind" }] } });
  expect(returned.status()).toBe(201);
  const claimed = await shopper.post(`/api/orders/${orderUuid}/warranty-claims`, { data: { orderItemUuid: items[1]!.uuid, description: "Das Mikrofon fällt im Gespräch aus.", remedy: "repair" } });
  expect(claimed.status()).toBe(201);
  const [found] = (await (await staff.get(`/api/ops/customers?q=${encodeURIComponent(email)}`)).json()).customers as { uuid: string }[];
  return { orderUuid: orderUuid as string, productId, unitLabel: units[0]!.label, returnUuid: (await returned.json()).uuid as string, claimUuid: (await claimed.json()).uuid as string, customerUuid: found!.uuid };
}

/** A new seller's two trade-ins of a phone, paid by bank transfer: one in inspection, one settled and so due for payout. */
async function salesInInspectionAndSettled(seller: APIRequestContext, staff: APIRequestContext) {
  await registeredCustomer(seller, "a11y-seller");
  const { items } = await (await seller.get("/api/trade-in/search?query=iPhone")).json();
  const phone = items[0] as { id: number };
  const sell = async () => {
    const offer = await (await seller.post(`/api/trade-in/products/${phone.id}/offer`, { data: { answers: PERFECT_DEVICE } })).json();
    expect((await seller.post(`/api/green-cart/items/${phone.id}`, { data: { price: offer.price.amount, customerGradingDto: { answers: PERFECT_DEVICE } } })).status()).toBe(201);
    const cart = await (await seller.get("/api/green-cart")).json();
    const sold = await seller.post("/api/green-cart/checkout", {
      headers: { "idempotency-key": key("sale") },
      data: { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: HOME, payout: { method: "bank_transfer", iban: "DE02120300000000202051", holder: "Mara Vogt" } },
    });
    expect(sold.status()).toBe(201);
    return (await sold.json()).saleUuid as string;
  };
  const inInspection = await sell();
  const settled = await sell();
  for (const type of ["parcel_received", "inspection_started"]) expect((await staff.post(`/api/ops/sales/${inInspection}/events`, { data: { type } })).status()).toBe(200);
  for (const type of ["parcel_received", "inspection_started", "offer_confirmed"]) expect((await staff.post(`/api/ops/sales/${settled}/events`, { data: { type } })).status()).toBe(200);
  const [item] = (await (await staff.get(`/api/ops/sales/${inInspection}`)).json()).items as { uuid: string }[];
  return { saleUuid: inInspection, itemUuid: item!.uuid, settledUuid: settled };
}

test("axe finds nothing on any page of the back-office: every /ops route of the route table, lists and one page of each kind", async ({ page, browser, playwright, baseURL }) => {
  // Nearly forty pages with axe each: longer than a flow, and the shared machine may be slow.
  test.setTimeout(180_000);
  const violations: Record<string, string[]> = {};
  const visited: string[] = [];
  const axe = async (on: Page) => {
    await hydrated(on);
    const path = new URL(on.url()).pathname;
    visited.push(path);
    const found = await axeViolations(on);
    if (found.length > 0) violations[path] = found;
  };

  // The demo admin's session browses; a finance member invited now (the invitation's page checked on the
  // way in) batches the payout, money going out wanting a second factor given minutes ago.
  const staff = await staffApi(playwright, baseURL!);
  const shopper = await playwright.request.newContext({ baseURL });
  const seller = await playwright.request.newContext({ baseURL });
  const [, order, sale, rule, content] = await Promise.all([
    invitedStaffMember(page, playwright, baseURL!, ["finance"], axe),
    deliveredOrderWithReturnAndClaim(shopper, staff),
    salesInInspectionAndSettled(seller, staff),
    staff.post("/api/ops/price-rules", { data: { name: key("rule"), categoryId: HEADPHONES_CATEGORY_ID, shares: { A1: 700 }, minMarginCents: 1_000 } }),
    staff.get("/api/ops/content"),
  ]);
  await Promise.all([shopper.dispose(), seller.dispose()]);
  const batch = await page.request.post("/api/ops/payout-batches", { data: { saleUuids: [sale.settledUuid] } });
  expect(batch.status()).toBe(201);
  const batchId = (await batch.json()).id as number;
  expect(rule.status()).toBe(201);
  const ruleId = (await rule.json()).id as number;
  const contentId = ((await content.json()).items as { id: number }[])[0]!.id;

  // The second-factor page as a member meets it: password given, code not yet.
  const door = await browser.newContext({ baseURL });
  await door.addCookies(languageAndConsent(baseURL!));
  const doorPage = await door.newPage();
  expect((await doorPage.request.post("/api/customer/login", { data: { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } } })).status()).toBe(200);
  await doorPage.goto("/ops/second-factor");
  await expect(doorPage.getByLabel("Sechsstelliger Code")).toBeVisible();
  await axe(doorPage);
  await door.close();

  // Met on the way in above; the others in the admin's browser, a path for each route of the table.
  const metOnTheWay = ["ops/invitation", "ops/second-factor"];
  const pages: Record<string, string> = {
    ops: "/ops",
    "ops/security": "/ops/security",
    "ops/content": "/ops/content",
    "ops/content/:id": `/ops/content/${contentId}`,
    "ops/staff": "/ops/staff",
    "ops/audit": "/ops/audit",
    "ops/coupons": "/ops/coupons",
    "ops/receiving": "/ops/receiving",
    "ops/inspection": "/ops/inspection",
    "ops/sales/:saleRef": `/ops/sales/${sale.saleUuid}`,
    "ops/sales/:saleRef/items/:itemUuid": `/ops/sales/${sale.saleUuid}/items/${sale.itemUuid}`,
    "ops/payouts": "/ops/payouts",
    "ops/payouts/batches/:batchId": `/ops/payouts/batches/${batchId}`,
    "ops/transfers": "/ops/transfers",
    "ops/prices": "/ops/prices",
    "ops/prices/rules/:ruleId": `/ops/prices/rules/${ruleId}`,
    "ops/prices/products/:productId": `/ops/prices/products/${order.productId}`,
    "ops/reports": "/ops/reports",
    "ops/reports/:report": "/ops/reports/orders",
    "ops/units": "/ops/units",
    "ops/units/new": "/ops/units/new",
    "ops/units/:unitRef": `/ops/units/${order.unitLabel}`,
    "ops/orders": "/ops/orders",
    "ops/orders/:orderUuid": `/ops/orders/${order.orderUuid}`,
    "ops/returns": "/ops/returns",
    "ops/returns/:returnUuid": `/ops/returns/${order.returnUuid}`,
    "ops/warranty-claims": "/ops/warranty-claims",
    "ops/warranty-claims/:claimUuid": `/ops/warranty-claims/${order.claimUuid}`,
    "ops/customers": "/ops/customers?q=a11y-buyer",
    "ops/customers/:customerUuid": `/ops/customers/${order.customerUuid}`,
    "ops/products": "/ops/products",
    "ops/products/new": "/ops/products/new",
    "ops/products/:productId": `/ops/products/${order.productId}`,
    "ops/categories": "/ops/categories",
    "ops/categories/new": "/ops/categories/new",
    "ops/categories/:categoryId": `/ops/categories/${HEADPHONES_CATEGORY_ID}`,
  };
  expect([...metOnTheWay, ...Object.keys(pages)].sort()).toEqual(opsPatterns(routes).sort());

  // Three tabs of the admin's browser share the pages: axe's work is the test's time.
  const queue = Object.values(pages);
  const admin = await browser.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL!) });
  await admin.addCookies(languageAndConsent(baseURL!));
  const tabs = await Promise.all([admin.newPage(), admin.newPage(), admin.newPage()]);
  await Promise.all(
    tabs.map(async (tab) => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const response = await tab.goto(path);
        expect(response?.status(), path).toBe(200);
        // The start page draws its charts once their library has loaded.
        if (path === "/ops") await expect(tab.getByTestId("dashboard-chart").first().locator("svg").first()).toBeVisible({ timeout: 15_000 });
        await axe(tab);
      }
    }),
  );
  await admin.close();

  // Each route was visited by a path of its own pattern.
  for (const pattern of [...metOnTheWay, ...Object.keys(pages)]) expect(visited.some((path) => matches(pattern, path)), pattern).toBe(true);
  expect(violations).toEqual({});
});
