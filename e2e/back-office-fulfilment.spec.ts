import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { PERFECT_DEVICE, PERFECT_PHONE_CHECKLIST } from "../src/domain/selling/test-answers.ts";
import { expect, freshImei, hydrated, mailTo, staffApi, staffStorageState, registeredCustomer, test, screenshotsAtWidths } from "./fixtures.ts";


/** What grading finds in a phone without a flaw, with this run's IMEI. */
const perfectPhone = (imei: string) => ({ ...PERFECT_PHONE_CHECKLIST, batteryHealthPercent: 93, imei });

const cookies = (baseURL: string) => [
  { name: "reloop-language", value: "de", url: baseURL },
  { name: "reloop-consent", value: "necessary", url: baseURL },
];

/** A seller's trade-in of a phone, received and inspected without a flaw by staff: the sale is settled and the phone is a unit in stock. */
async function tradedInPhone(request: APIRequestContext, staff: APIRequestContext, imei: string): Promise<{ number: string }> {
  const email = await registeredCustomer(request, "fulfilment-seller");
  const phone = (await (await request.get("/api/trade-in/search?query=iPhone")).json()).items[0] as { id: number };
  const offer = await (await request.post(`/api/trade-in/products/${phone.id}/offer`, { data: { answers: PERFECT_DEVICE } })).json();
  expect((await request.post(`/api/green-cart/items/${phone.id}`, { data: { price: offer.price.amount, customerGradingDto: { answers: PERFECT_DEVICE } } })).status()).toBe(201);
  const cart = await (await request.get("/api/green-cart")).json();
  const sold = await request.post("/api/green-cart/checkout", {
    headers: { "idempotency-key": `fulfilment-e2e-${Date.now()}` },
    data: {
      termsAccepted: true,
      expectedPayout: cart.totals.payout.amount,
      address: { firstName: "Jonas", lastName: "Weber", street: "Lindenallee", houseNumber: "12", postalCode: "50968", city: "Köln", country: "DE" },
      payout: { method: "paypal", email },
    },
  });
  expect(sold.status()).toBe(201);
  const { saleUuid, number } = await sold.json();
  const received = await staff.post(`/api/ops/sales/${saleUuid}/receive`, { data: {} });
  expect(received.status()).toBe(200);
  const item = (await received.json()).items[0] as { uuid: string };
  const inspected = await staff.post(`/api/ops/sales/${saleUuid}/items/${item.uuid}/inspection`, { data: { version: 0, checklist: perfectPhone(imei) } });
  expect(inspected.status()).toBe(200);
  expect((await inspected.json()).status).toBe("offer_confirmed");
  return { number };
}

async function noAxeViolations(page: Page) {
  await hydrated(page);
  await expectNoAxeViolations(page);
}

/** The page at desktop and tablet width, for a person to look at. */
const screenshots = (page: Page, name: string) => screenshotsAtWidths(page, "back-office-fulfilment", name, [1280, 820]);

test("a trade-in phone becomes a unit, a customer buys its grade, and fulfilment picks it by IMEI, prints the label, ships with DHL and reports it delivered", async ({ browser, playwright, baseURL, request }) => {
  test.setTimeout(180_000);
  const staff = await staffApi(playwright, baseURL!);
  const imei = freshImei();
  const sale = await tradedInPhone(request, staff, imei);

  // The trade-in's phone is a unit in stock: the IMEI typed into the units search opens it.
  const staffContext = await browser.newContext({ baseURL: baseURL!, storageState: await staffStorageState(playwright, baseURL!) });
  await staffContext.addCookies(cookies(baseURL!));
  const ops = await staffContext.newPage();
  await ops.goto("/ops/units");
  await expect(ops.getByRole("heading", { level: 1, name: "Geräte" })).toBeVisible();
  await expect(ops.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Geräte" })).toBeVisible();
  await noAxeViolations(ops);
  await expect(ops.getByTestId("units-search")).toBeFocused();
  await screenshots(ops, "units");
  await ops.getByTestId("units-search").fill(imei);
  await ops.getByTestId("units-search").press("Enter");
  await expect(ops).toHaveURL(/\/ops\/units\/U\d{6,}$/);
  const label = decodeURIComponent(new URL(ops.url()).pathname.split("/").pop()!);
  await expect(ops.getByRole("heading", { level: 1, name: `Gerät ${label}` })).toBeVisible();
  const facts = ops.getByTestId("unit-facts");
  await expect(facts).toContainText(imei);
  await expect(facts).toContainText("Auf Lager");
  await expect(facts).toContainText("93 %");
  await expect(ops.getByTestId("unit-origin").getByRole("link", { name: sale.number })).toHaveAttribute("href", `/ops/sales/${sale.number}`);
  await expect(ops.getByTestId("unit-history")).toContainText("Aus einem Ankauf übernommen");
  await noAxeViolations(ops);

  // A correction by hand: a battery health that is none is refused at its field, the typed values kept; then the shelf is recorded.
  const edit = ops.getByTestId("unit-edit");
  await edit.getByLabel("Lagerplatz").fill("R3-07");
  await edit.getByLabel("Akkuzustand (%)").fill("150");
  await edit.evaluate((form) => form.setAttribute("novalidate", ""));
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(edit.getByLabel("Akkuzustand (%)")).toHaveAttribute("aria-invalid", "true");
  await expect(ops.getByText("Eine ganze Prozentzahl von 0 bis 100, oder leer.")).toBeVisible();
  await expect(edit.getByLabel("Lagerplatz")).toHaveValue("R3-07");
  await edit.getByLabel("Akkuzustand (%)").fill("93");
  await edit.getByRole("button", { name: "Speichern" }).click();
  await expect(ops.getByRole("status").filter({ hasText: "Gespeichert." })).toBeVisible();
  await expect(facts).toContainText("R3-07");
  await expect(ops.getByTestId("unit-history")).toContainText("Korrigiert (Lagerplatz)");
  await screenshots(ops, "unit");
  const unit = await (await staff.get(`/api/ops/units/${imei}`)).json();
  expect(unit).toMatchObject({ label, status: "in_stock", location: "R3-07", identifier: imei });

  // A customer buys that product in the unit's grade through the shop and pays in the sandbox.
  const customerContext = await browser.newContext({ baseURL: baseURL! });
  await customerContext.addCookies(cookies(baseURL!));
  const customerEmail = await registeredCustomer(customerContext.request, "fulfilment-buyer");
  const shop = await customerContext.newPage();
  const product = await (await request.get(`/api/products/${unit.product.id}`)).json();
  await shop.goto(`/i${unit.product.id},${product.product_slug}?variant=${unit.grade}`);
  await hydrated(shop);
  await shop.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(shop.getByTestId("cart-count")).toHaveText("1");
  await shop.goto("/checkout/cart");
  await hydrated(shop);
  await expect(shop.getByTestId("cart-item")).toContainText(unit.product.name);
  await shop.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(shop.getByText(`Angemeldet als ${customerEmail}.`)).toBeVisible();
  const billing = shop.getByRole("group", { name: "Rechnungsadresse" });
  for (const [field, value] of [["Vorname", "Lea"], ["Nachname", "Hoffmann"], ["Straße", "Bergstraße"], ["Nr.", "7"], ["PLZ", "69120"], ["Ort", "Heidelberg"]] as const) await billing.getByLabel(field).fill(value);
  await shop.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
  await expect(shop).toHaveURL(/\/checkout\/payment$/);
  await shop.getByLabel(/Karte \(Testzahlung\)/).check();
  await shop.getByRole("button", { name: "Weiter zur Übersicht" }).click();
  await expect(shop).toHaveURL(/\/checkout\/overview$/);
  await shop.getByLabel(/Ich akzeptiere die AGB/).check();
  await shop.getByRole("button", { name: "Jetzt kaufen" }).click();
  await expect(shop).toHaveURL(/\/payment-sandbox\//);
  await shop.getByRole("button", { name: "Zahlung bestätigen" }).click();
  await expect(shop).toHaveURL(/\/checkout\/order\/index\/id\/[\w-]+$/);
  const orderUuid = new URL(shop.url()).pathname.split("/").pop()!;
  const orderNumber = (await shop.getByTestId("order-number").textContent())!.match(/R\d{2}-\d{6}/)![0];

  // Fulfilment finds the order in the queue by its number, with its dispatch deadline.
  await ops.goto("/ops/orders");
  await expect(ops.getByRole("heading", { level: 1, name: "Bestellungen" })).toBeVisible();
  await noAxeViolations(ops);
  await screenshots(ops, "orders");
  await ops.getByTestId("orders-search").fill(orderNumber);
  await ops.getByRole("button", { name: "Suchen" }).click();
  await expect(ops).toHaveURL(new RegExp(`q=${orderNumber}`));
  const row = ops.getByTestId("order-row").filter({ hasText: orderNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Bezahlt");
  await expect(row).toContainText(customerEmail);
  await expect(row.locator("time")).toHaveCount(2);
  await row.getByRole("link", { name: orderNumber }).click();
  await expect(ops).toHaveURL(new RegExp(`/ops/orders/${orderUuid}$`));
  await expect(ops.getByRole("heading", { level: 1, name: `Bestellung ${orderNumber}` })).toBeVisible();
  await expect(ops.getByTestId("delivery-address")).toContainText("Bergstraße 7");
  const item = ops.getByTestId("order-item");
  await expect(item).toContainText(unit.product.name);
  await expect(item.getByTestId("item-location")).toBeVisible();
  await noAxeViolations(ops);
  await expect(ops.getByTestId("scan-field")).toBeFocused();
  await screenshots(ops, "order-paid");

  // A code that is no unit is said at the item's field and kept there; the trade-in's IMEI picks the item, replacing the reserved unit.
  const scan = ops.getByTestId("scan-field");
  await scan.fill("U999999");
  await scan.press("Enter");
  await expect(ops.getByText("Kein Gerät hat dieses Etikett oder diese IMEI.")).toBeVisible();
  await expect(scan).toHaveValue("U999999");
  await expect(scan).toHaveAttribute("aria-invalid", "true");
  await expect(scan).toBeFocused();
  await scan.fill(imei);
  await scan.press("Enter");
  await expect(ops.getByTestId("order-done")).toHaveText("Alle Artikel kommissioniert: Die Bestellung ist versandbereit.");
  await expect(ops.getByTestId("order-facts")).toContainText("Kommissioniert");
  await expect(item.getByTestId("item-picked")).toBeVisible();
  await expect(item).toContainText(label);
  await expect(item).toContainText(imei);
  await expect(ops.getByTestId("scan-field")).toHaveCount(0);
  expect((await (await staff.get(`/api/ops/units/${imei}`)).json()).order).toMatchObject({ uuid: orderUuid, status: "picked" });

  // The parcel's label, for DHL, is a PDF.
  const labelForm = ops.locator("form").filter({ has: ops.getByTestId("label-open") });
  await expect(labelForm.getByLabel("Etikett für")).toHaveValue("dhl");
  const labelPdf = await ops.request.get(`${await labelForm.getAttribute("action")}?carrier=dhl`);
  expect(labelPdf.status()).toBe(200);
  expect(labelPdf.headers()["content-type"]).toContain("application/pdf");
  expect((await labelPdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const note = await ops.request.get((await ops.getByTestId("delivery-note-link").getAttribute("href"))!);
  expect((await note.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Shipping: a number that is no DHL number is refused at its field, then the real one ships the order.
  await noAxeViolations(ops);
  await screenshots(ops, "order-picked");
  const ship = ops.getByTestId("ship-form");
  await ship.getByLabel("Versanddienst").selectOption("dhl");
  await ship.getByLabel("Sendungsnummer").fill("12-AB");
  await ship.getByRole("button", { name: "Als versendet markieren" }).click();
  await expect(ship.getByText("Das ist keine Sendungsnummer dieses Versanddienstes.")).toBeVisible();
  await expect(ship.getByLabel("Sendungsnummer")).toHaveValue("12-AB");
  await expect(ship.getByLabel("Sendungsnummer")).toHaveAttribute("aria-invalid", "true");
  await ship.getByLabel("Sendungsnummer").fill("003404341234567890");
  await ship.getByRole("button", { name: "Als versendet markieren" }).click();
  await expect(ops.getByTestId("order-done")).toContainText("Versendet");
  await expect(ops.getByTestId("order-shipment")).toContainText("DHL 003404341234567890");
  const shipped = await mailTo(customerEmail, /ist unterwegs/);
  expect(shipped.subject).toContain(orderNumber);
  expect(shipped.text).toContain("https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=003404341234567890");

  // The carrier reports it delivered; the customer sees it on the order's page.
  await ops.getByRole("button", { name: "Als zugestellt markieren" }).click();
  await expect(ops.getByTestId("order-done")).toHaveText("Als zugestellt markiert.");
  await expect(ops.getByTestId("order-facts")).toContainText("Zugestellt");
  await expect(ops.getByTestId("order-timeline")).toContainText("Kommissioniert");
  await expect(ops.getByTestId("order-timeline")).toContainText("Versendet");
  await expect(ops.getByTestId("order-timeline")).toContainText("Zugestellt");
  await noAxeViolations(ops);
  await screenshots(ops, "order-delivered");
  await shop.goto(`/my/orders/${orderUuid}`);
  await expect(shop.getByTestId("order-status")).toHaveText("Zugestellt");

  // The unit left with the order; the delivered queue lists the order.
  await ops.goto(`/ops/units/${label}`);
  await expect(ops.getByTestId("unit-facts")).toContainText("Versendet");
  await expect(ops.getByTestId("unit-origin").getByRole("link", { name: orderNumber })).toHaveAttribute("href", `/ops/orders/${orderUuid}`);
  await ops.goto(`/ops/orders?status=delivered&q=${encodeURIComponent(customerEmail)}`);
  await expect(ops.getByTestId("order-row")).toContainText(orderNumber);

  await customerContext.close();
  await staffContext.close();
  await staff.dispose();
});
