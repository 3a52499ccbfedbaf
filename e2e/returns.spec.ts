import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { carrierEventsSecret } from "../playwright.config.ts";
import { expect, freshImei, giveStaffCode, hydrated, mailsTo, staffApi, staffStorageState, registeredCustomer, test, screenshotsAtWidths } from "./fixtures.ts";

const DAY = 86_400_000;
let run = 0;
/** A DHL parcel number of its own, so the carrier's webhook finds this order's parcel. */
const freshTracking = () => `0034${String(Date.now() + run++).padStart(16, "0")}`.slice(0, 20);

const languageAndConsent = (baseURL: string) => [
  { name: "reloop-language", value: "de", url: baseURL },
  { name: "reloop-consent", value: "necessary", url: baseURL },
];

/** The page at a phone's and a desktop's width (the back-office: desktop and tablet), for a person to look at. */
const screenshots = (page: Page, name: string, widths = [390, 1280]) => screenshotsAtWidths(page, "returns", name, widths);

async function noAxeViolations(page: Page) {
  await hydrated(page);
  await expectNoAxeViolations(page);
}

/** A logged-in customer's browser. */
async function customer(browser: Browser, baseURL: string, name: string): Promise<{ context: BrowserContext; email: string }> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies(languageAndConsent(baseURL));
  return { context, email: await registeredCustomer(context.request, name) };
}

interface Delivered {
  uuid: string;
  number: string;
  productId: number;
  imei: string;
  itemUuid: string;
}

/**
 * An order of one phone in grade A1, paid in the sandbox, picked (the scanned unit is one bought
 * from a supplier with this run's IMEI), shipped with DHL and reported delivered by the carrier at
 * `deliveredAt`. Staff's steps go through the API: the back-office's own pages are tested elsewhere.
 */
async function deliveredOrder(shopper: APIRequestContext, staff: APIRequestContext, deliveredAt = new Date()): Promise<Delivered> {
  const units = await (await staff.get("/api/ops/units?status=in_stock&grade=A1&q=iPhone")).json();
  const productId = (units.units[0] as { product: { id: number } }).product.id;
  const imei = freshImei();
  expect((await staff.post("/api/ops/units", { data: { productId, grade: "A1", purchasePrice: 15_000, supplier: "Returns e2e", identifier: imei } })).status()).toBe(201);
  expect((await shopper.post("/api/cart/items", { data: { id: productId, productVariantLabel: "A1", withFullBattery: false } })).ok()).toBe(true);
  const home = { firstName: "Mara", lastName: "Vogt", street: "Kastanienallee", houseNumber: "9", postalCode: "10435", city: "Berlin", country: "DE" };
  expect((await shopper.put("/api/checkout/address", { data: { billingAddress: home } })).ok()).toBe(true);
  const cart = await (await shopper.put("/api/cart/options", { data: { paymentMethod: "sandbox" } })).json();
  const placed = await shopper.post("/api/checkout/orders", {
    headers: { "idempotency-key": `returns-e2e-${Date.now()}-${run++}` },
    data: { expectedTotal: cart.totals.total.amount, expectedDispatch: { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch }, termsAccepted: true },
  });
  expect(placed.status()).toBe(201);
  const { orderUuid, number, redirectUrl } = await placed.json();
  const start = await shopper.get(redirectUrl, { maxRedirects: 0 });
  const decided = await shopper.post(start.headers().location!, { form: { result: "approved" }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  const [item] = (await (await staff.get(`/api/ops/orders/${orderUuid}`)).json()).items;
  expect((await staff.post(`/api/ops/orders/${orderUuid}/pick`, { data: { itemUuid: item.uuid, code: imei } })).status()).toBe(200);
  const trackingNumber = freshTracking();
  expect((await staff.post(`/api/ops/orders/${orderUuid}/ship`, { data: { carrier: "dhl", trackingNumber } })).status()).toBe(200);
  const event = await staff.post("/api/carriers/events", { headers: { "x-carrier-events-secret": carrierEventsSecret }, data: { carrier: "dhl", trackingNumber, event: "delivered", at: deliveredAt.toISOString() } });
  expect(await event.json()).toEqual({ matched: true });
  return { uuid: orderUuid, number, productId, imei, itemUuid: item.uuid };
}

/** Money going out wants the second factor given in the last minutes: the return's page says so and leads there and back. */
async function recentSecondFactor(ops: Page): Promise<void> {
  const note = ops.getByTestId("second-factor-note");
  if ((await note.count()) === 0) return;
  const back = new URL(ops.url()).pathname;
  await note.getByRole("link", { name: "Zweiten Faktor bestätigen" }).click();
  await giveStaffCode(ops, new RegExp(back));
  await expect(ops.getByTestId("second-factor-note")).toHaveCount(0);
}

async function staffPage(browser: Browser, playwright: Parameters<typeof staffApi>[0], baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL) });
  await context.addCookies(languageAndConsent(baseURL));
  return context.newPage();
}

test.describe("returns and warranty", () => {
  test("a withdrawal within 14 days: the customer returns the phone from the order page, receiving scans label and IMEI, and it is refunded in full", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context, email } = await customer(browser, baseURL!, "withdrawal");
    const order = await deliveredOrder(context.request, staff, new Date(Date.now() - 3 * DAY));

    const page = await context.newPage();
    await page.goto(`/my/orders/${order.uuid}`);
    const returns = page.getByTestId("order-returns");
    await expect(returns.getByTestId("return-periods")).toContainText("Widerrufsfrist");
    await noAxeViolations(page);
    await returns.getByRole("link", { name: "Artikel zurücksenden" }).click();
    await expect(page).toHaveURL(new RegExp(`/my/orders/${order.uuid}/return$`));
    await expect(page.getByTestId("return-kind")).toContainText("gesetzlichen Widerrufsfrist");
    await noAxeViolations(page);
    await screenshots(page, "return-form");
    // Sent without a reason: said at the item, the comment kept.
    const item = page.getByTestId("return-item");
    await item.getByRole("checkbox").check();
    await page.getByLabel("Anmerkung (optional)").fill("Der Akku ist schwächer als gedacht.");
    await page.locator("form").filter({ has: page.getByRole("button", { name: "Rücksendung anmelden" }) }).evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Rücksendung anmelden" }).click();
    await expect(page.getByText("Wähle einen Grund für diesen Artikel.")).toBeVisible();
    await expect(page.getByLabel("Anmerkung (optional)")).toHaveValue("Der Akku ist schwächer als gedacht.");
    await page.getByTestId("return-item").getByRole("combobox").selectOption("changed_mind");
    await page.getByRole("button", { name: "Rücksendung anmelden" }).click();
    await expect(page).toHaveURL(new RegExp(`/my/orders/${order.uuid}`));
    const confirmation = page.getByTestId("return-confirmation");
    await expect(confirmation).toContainText(/Deine Rücksendung RT-\d{6} ist angemeldet/);
    const returnNumber = (await confirmation.textContent())!.match(/RT-\d{6}/)![0];
    const card = page.getByTestId("return-card").filter({ hasText: returnNumber });
    await expect(card).toContainText("Angemeldet – wir warten auf dein Paket");
    await screenshots(page, "order-with-return");
    const label = await page.request.get((await card.getByRole("link", { name: "Rücksendeetikett (PDF)" }).getAttribute("href"))!);
    expect(label.headers()["content-type"]).toContain("application/pdf");
    await expect.poll(async () => (await mailsTo(email)).some((m) => m.subject.includes(returnNumber))).toBe(true);

    // Receiving scans the label and the phone's IMEI; finance refunds in full and the phone goes back on sale as A2.
    const ops = await staffPage(browser, playwright, baseURL!);
    await ops.goto("/ops/returns");
    await expect(ops.getByRole("heading", { level: 1, name: "Retouren" })).toBeVisible();
    await noAxeViolations(ops);
    await ops.getByTestId("return-label-field").fill(returnNumber);
    await ops.getByLabel("IMEI / Seriennr. (optional)").fill(order.imei);
    await ops.getByRole("button", { name: "Annehmen" }).click();
    await expect(ops).toHaveURL(/\/ops\/returns\/[\w-]+\?done=received/);
    await expect(ops.getByText("Paket angenommen.")).toBeVisible();
    await expect(ops.getByTestId("return-item").getByTestId("item-identifiers")).toContainText("Stimmt überein");
    await noAxeViolations(ops);
    await screenshots(ops, "ops-return-received", [820, 1280]);
    await recentSecondFactor(ops);
    await ops.getByTestId("decision-full_refund").check();
    await ops.getByLabel("Zustand").selectOption("A2");
    await ops.getByTestId("decision-submit").click();
    await expect(ops.getByText("Entscheidung gespeichert")).toBeVisible();
    await expect(ops.getByTestId("return-status")).toContainText("Erstattet");
    const unit = await (await staff.get(`/api/ops/units/${order.imei}`)).json();
    expect(unit).toMatchObject({ status: "in_stock", grade: "A2" });

    await page.goto(`/my/orders/${order.uuid}`);
    await expect(page.getByTestId("return-card").filter({ hasText: returnNumber })).toContainText("Erstattet");
    await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject.includes(returnNumber)).length).toBe(3);
  });

  test("another phone came back: the return is flagged and refused with its reason", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context } = await customer(browser, baseURL!, "swapper");
    const order = await deliveredOrder(context.request, staff);
    const created = await (await context.request.post(`/api/orders/${order.uuid}/returns`, { data: { items: [{ orderItemUuid: order.itemUuid, reason: "defective" }] } })).json();

    const ops = await staffPage(browser, playwright, baseURL!);
    await ops.goto("/ops/returns");
    await ops.getByTestId("return-label-field").fill(created.number);
    await ops.getByLabel("IMEI / Seriennr. (optional)").fill(freshImei());
    await ops.getByRole("button", { name: "Annehmen" }).click();
    await expect(ops.getByTestId("return-mismatch")).toContainText("Anderes Gerät zurückgekommen");
    await screenshots(ops, "ops-return-mismatch", [820, 1280]);
    await expect(ops.getByTestId("decision-full_refund")).toHaveCount(0);
    await noAxeViolations(ops);
    await ops.getByLabel("Begründung für die Kundin / den Kunden").fill("Das Gerät im Paket hat eine andere IMEI als das verkaufte.");
    await ops.getByTestId("decision-submit").click();
    await expect(ops.getByTestId("return-status")).toContainText("Abgelehnt");

    const page = await context.newPage();
    await page.goto(`/my/orders/${order.uuid}`);
    const card = page.getByTestId("return-card").filter({ hasText: created.number });
    await expect(card).toContainText("Abgelehnt");
    await expect(card).toContainText("andere IMEI");
    expect((await (await staff.get(`/api/ops/units/${order.imei}`)).json()).status).toBe("shipped");
  });

  test("a partial refund for damage, with its reason, never the whole price", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context } = await customer(browser, baseURL!, "scratched");
    const order = await deliveredOrder(context.request, staff, new Date(Date.now() - 20 * DAY));
    const created = await (await context.request.post(`/api/orders/${order.uuid}/returns`, { data: { items: [{ orderItemUuid: order.itemUuid, reason: "changed_mind" }] } })).json();
    expect(created.kind).toBe("voluntary");
    const received = await staff.post("/api/ops/returns/receive", { data: { label: created.number, identifiers: [{ orderItemUuid: order.itemUuid, identifier: order.imei }] } });
    expect(received.status()).toBe(200);

    const ops = await staffPage(browser, playwright, baseURL!);
    await ops.goto(`/ops/returns/${created.uuid}`);
    await recentSecondFactor(ops);
    await ops.getByTestId("decision-partial_refund").check();
    await ops.getByLabel("Betrag der Teilerstattung").fill("49,90");
    await ops.getByLabel("Begründung für die Kundin / den Kunden").fill("Tiefer Kratzer im Display, den es beim Versand nicht gab.");
    await ops.getByLabel("Wohin").selectOption("in_repair");
    await ops.getByTestId("decision-submit").click();
    await expect(ops.getByTestId("return-status")).toContainText("Teilweise erstattet");

    const page = await context.newPage();
    await page.goto(`/my/orders/${order.uuid}`);
    const card = page.getByTestId("return-card").filter({ hasText: created.number });
    await expect(card).toContainText("Teilweise erstattet");
    await expect(card).toContainText("49,90");
    await expect(card).toContainText("Tiefer Kratzer");
    expect((await (await staff.get(`/api/ops/units/${order.imei}`)).json()).status).toBe("in_repair");
  });

  test("a warranty claim with a photo is settled by a replacement of the same grade, shipped with tracking through fulfilment", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(150_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context, email } = await customer(browser, baseURL!, "warranty");
    const order = await deliveredOrder(context.request, staff, new Date(Date.now() - 90 * DAY));
    // A unit of the same product and grade waits on the shelf for the replacement.
    const spareImei = freshImei();
    expect((await staff.post("/api/ops/units", { data: { productId: order.productId, grade: "A1", purchasePrice: 15_000, supplier: "Returns e2e", identifier: spareImei } })).status()).toBe(201);

    const page = await context.newPage();
    await page.goto(`/my/orders/${order.uuid}`);
    await expect(page.getByTestId("returns-note").first()).toContainText("Rückgabefrist ist am");
    await page.getByTestId("order-returns").getByRole("link", { name: "Defekt melden" }).click();
    await expect(page).toHaveURL(new RegExp(`/my/orders/${order.uuid}/warranty-claim$`));
    await noAxeViolations(page);
    await screenshots(page, "claim-form");
    await page.getByLabel("Was ist kaputt?").fill("Das Mikrofon fällt nach ein paar Minuten im Gespräch aus.");
    await page.getByLabel("Ersatzgerät").check();
    const photo = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
    await page.getByLabel("Fotos vom Defekt (optional)").setInputFiles({ name: "mikrofon.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Defekt melden" }).click();
    await expect(page.getByTestId("return-confirmation")).toContainText(/Garantiefall GA-\d{6}/);
    const claimNumber = (await page.getByTestId("return-confirmation").textContent())!.match(/GA-\d{6}/)![0];
    const claimCard = page.getByTestId("claim-card").filter({ hasText: claimNumber });
    await expect(claimCard).toContainText("Gemeldet – wird geprüft");

    // Support decides: a replacement, which fulfilment picks from the shelf and ships with tracking.
    const ops = await staffPage(browser, playwright, baseURL!);
    await ops.goto("/ops/warranty-claims");
    await expect(ops.getByRole("heading", { level: 1 })).toBeVisible();
    await noAxeViolations(ops);
    await ops.getByRole("link", { name: claimNumber }).click();
    await expect(ops.getByTestId("claim-photos-list").getByRole("img")).toHaveCount(1);
    await noAxeViolations(ops);
    await screenshots(ops, "ops-claim", [820, 1280]);
    await ops.getByTestId("claim-decision-replacement").check();
    await ops.getByTestId("claim-decision-submit").click();
    await expect(ops.getByTestId("claim-facts").getByTestId("claim-status")).toHaveText("Ersetzt");
    await ops.getByTestId("replacement-order").click();
    await expect(ops).toHaveURL(/\/ops\/orders\/[\w-]+$/);
    const replacementUuid = new URL(ops.url()).pathname.split("/").pop()!;
    const [replacementItem] = (await (await staff.get(`/api/ops/orders/${replacementUuid}`)).json()).items;
    expect(replacementItem.grade).toBe("A1");
    const scan = ops.getByTestId("scan-field");
    await scan.fill(replacementItem.unit.label);
    await scan.press("Enter");
    await expect(ops.getByTestId("order-done")).toBeVisible();
    const trackingNumber = freshTracking();
    expect((await staff.post(`/api/ops/orders/${replacementUuid}/ship`, { data: { carrier: "dhl", trackingNumber } })).status()).toBe(200);

    await page.goto(`/my/orders/${order.uuid}`);
    await expect(claimCard).toContainText("Ersatzgerät kommt");
    await expect(claimCard).toContainText(/R\d{2}-\d{6}/);
    await page.goto(`/my/orders/${replacementUuid}`);
    await expect(page.getByRole("link", { name: /DHL/ })).toHaveAttribute("href", new RegExp(trackingNumber));
    await expect.poll(async () => (await mailsTo(email)).some((m) => m.text.includes(trackingNumber))).toBe(true);
  });

  test("outside the periods nothing is offered, and the API says why", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context } = await customer(browser, baseURL!, "too-late");
    const late = await deliveredOrder(context.request, staff, new Date(Date.now() - 40 * DAY));
    const page = await context.newPage();
    await page.goto(`/my/orders/${late.uuid}`);
    const returns = page.getByTestId("order-returns");
    await expect(returns).toContainText("Die Rückgabefrist ist am");
    await expect(returns.getByRole("link", { name: "Artikel zurücksenden" })).toHaveCount(0);
    await expect(returns.getByRole("link", { name: "Defekt melden" })).toBeVisible();
    const refused = await context.request.post(`/api/orders/${late.uuid}/returns`, { data: { items: [{ orderItemUuid: late.itemUuid, reason: "changed_mind" }] } });
    expect((await refused.json()).errors[0].code).toBe("RETURN_PERIOD_ENDED");

    const old = await deliveredOrder(context.request, staff, new Date(Date.now() - 400 * DAY));
    await page.goto(`/my/orders/${old.uuid}`);
    await expect(page.getByTestId("order-returns")).toContainText("Die Garantie ist am");
    await expect(page.getByTestId("order-returns").getByRole("link", { name: "Defekt melden" })).toHaveCount(0);
    const claim = await context.request.post(`/api/orders/${old.uuid}/warranty-claims`, { data: { orderItemUuid: old.itemUuid, description: "Der Akku hält keinen Tag mehr.", remedy: "repair" } });
    expect((await claim.json()).errors[0].code).toBe("WARRANTY_ENDED");
  });

  test("support finds the customer and reads the whole story on one page: the order, its return, the mails; and writes a note", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const staff = await staffApi(playwright, baseURL!);
    const { context, email } = await customer(browser, baseURL!, "story");
    const order = await deliveredOrder(context.request, staff, new Date(Date.now() - DAY));
    const created = await (await context.request.post(`/api/orders/${order.uuid}/returns`, { data: { items: [{ orderItemUuid: order.itemUuid, reason: "wrong_item" }] } })).json();
    await expect.poll(async () => (await mailsTo(email)).some((m) => m.subject.includes(created.number))).toBe(true);
    const returnMail = (await mailsTo(email)).find((m) => m.subject.includes(created.number))!;

    const ops = await staffPage(browser, playwright, baseURL!);
    await ops.goto("/ops/customers");
    await noAxeViolations(ops);
    await ops.getByTestId("customers-search").fill(email);
    await ops.getByTestId("customers-search").press("Enter");
    const row = ops.getByTestId("customer-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("link").first().click();
    await expect(ops.getByTestId("customer-facts")).toContainText(email);
    await expect(ops.getByRole("link", { name: order.number })).toBeVisible();
    await expect(ops.getByRole("link", { name: created.number })).toBeVisible();
    await screenshots(ops, "ops-customer", [820, 1280]);
    // The mails sent to the customer, by subject.
    await expect(ops.getByText(returnMail.subject)).toBeVisible();
    await noAxeViolations(ops);
    await ops.getByLabel("Notiz hinzufügen").fill("Rief an: hat das falsche Ladekabel bekommen.");
    await ops.getByRole("button", { name: "Notiz speichern" }).click();
    await expect(ops.getByText("Notiz gespeichert.")).toBeVisible();
    await expect(ops.getByText("Rief an: hat das falsche Ladekabel bekommen.")).toBeVisible();
  });
});
