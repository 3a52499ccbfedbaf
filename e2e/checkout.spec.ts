import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, logInAsDemoCustomer, nextProviderAccount, test, keepScreenshot } from "./fixtures.ts";

interface Variant { label: string; price: number; quantity: number }
interface View {
  product: { id: number; name: string; variantPicker: Variant[]; chargerCompatible: boolean; assemblySplit: boolean };
  product_slug: string;
  relations: { accessory: { id: number }[]; wristband: unknown[] };
}

/** A product of the seeded catalogue that fits, with the grade to buy; skips products other tests here took. */
const taken = new Set<number>();
async function findProduct(request: APIRequestContext, query: string, fits: (view: View) => boolean): Promise<{ view: View; grade: string }> {
  for (let page = 1; page <= 5; page += 1) {
    const list = await (await request.get(`/api/products?${query}&inStock=1&page=${page}`)).json();
    for (const item of list.items as { id: number }[]) {
      if (taken.has(item.id)) continue;
      const view = (await (await request.get(`/api/products/${item.id}`)).json()) as View;
      const grade = view.product.variantPicker.find((v) => v.label !== "NEW" && v.quantity >= 3);
      if (grade && fits(view) && view.relations.wristband.length === 0) {
        taken.add(item.id);
        return { view, grade: grade.label };
      }
    }
  }
  throw new Error(`no product fits for ${query}`);
}
const productUrl = ({ view, grade }: { view: View; grade: string }) => `/i${view.product.id},${view.product_slug}?variant=${grade}`;

async function addToCart(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
}

/** From the cart through address and payment to the review page, as a guest. */
async function checkoutAsGuest(page: Page, payment: RegExp) {
  await page.goto("/checkout/cart");
  await hydrated(page);
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page).toHaveURL(/\/checkout\/address$/);
  await page.getByLabel("E-Mail-Adresse").fill("gast@example.com");
  await fillBillingAddress(page, ["Lena", "Graf", "Hauptstraße", "5", "10115", "Berlin"]);
  await choosePayment(page, payment);
}
/** Fills the billing address (first name, last name, street, number, postcode, city) and goes on. */
async function fillBillingAddress(page: Page, values: string[]) {
  const billing = page.getByRole("group", { name: "Rechnungsadresse" });
  for (const [i, label] of ["Vorname", "Nachname", "Straße", "Nr.", "PLZ", "Ort"].entries()) await billing.getByLabel(label).fill(values[i]!);
  await page.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
}
async function choosePayment(page: Page, payment: RegExp) {
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByLabel(payment).check();
  await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
  await expect(page).toHaveURL(/\/checkout\/overview$/);
}
async function buyNow(page: Page) {
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByRole("button", { name: "Jetzt kaufen" }).click();
}

test.describe("buying", () => {
  test("a guest buys through the confirmation dialog and pays in the sandbox", async ({ page, request }) => {
    const product = await findProduct(request, "categoryId=20", () => true);
    await addToCart(page, productUrl(product));
    const dialog = page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(product.view.product.name);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await dialog.getByRole("link", { name: "Zum Warenkorb" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warenkorb (1 Artikel)");
    await expect(page.getByTestId("cart-item")).toContainText(product.view.product.name);

    await checkoutAsGuest(page, /Karte \(Testzahlung\)/);
    await buyNow(page);
    await expect(page).toHaveURL(/\/payment-sandbox\//);
    await page.getByRole("button", { name: "Zahlung bestätigen" }).click();
    await expect(page).toHaveURL(/\/checkout\/order\/index\/id\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Danke für deine Bestellung!");
    await expect(page.getByTestId("order-number")).toHaveText(/R\d{2}-\d{6}/);
    await expect(page.getByTestId("order-status")).toHaveText("Bezahlt – wird für den Versand vorbereitet");
    await page.goto("/");
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
  });

  test("going to the payment provider loads its page, without a data request or an error in the console", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const product = await findProduct(request, "categoryId=22", () => true);
    await addToCart(page, productUrl(product));
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkoutAsGuest(page, /Karte \(Testzahlung\)/);
    await hydrated(page);
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") failed.push(message.text());
    });
    await buyNow(page);
    await expect(page).toHaveURL(/\/payment-sandbox\//);
    await expect(page.getByRole("button", { name: "Zahlung bestätigen" })).toBeVisible();
    expect(failed).toEqual([]);
  });

  test("a declined or abandoned payment brings the guest back to the intact cart", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const product = await findProduct(request, "categoryId=21", () => true);
    await addToCart(page, productUrl(product));
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkoutAsGuest(page, /Karte \(Testzahlung\)/);
    await buyNow(page);
    await page.getByRole("button", { name: "Zahlung ablehnen" }).click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await expect(page.getByText("Deine Zahlung wurde abgelehnt.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toHaveCount(1);

    await page.goto("/checkout/overview");
    await hydrated(page);
    await buyNow(page);
    await page.getByRole("button", { name: "Abbrechen und zurück zum Shop" }).click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await expect(page.getByText("Du hast die Zahlung abgebrochen.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
  });

  test("a customer buys a phone with an accessory from the accessory list and pays by bank transfer", async ({ page, request }) => {
    const product = await findProduct(request, "categoryId=1112", (v) => v.product.chargerCompatible && v.product.assemblySplit && v.relations.accessory.length > 0);
    await logInAsDemoCustomer(page);
    // Earlier runs may have left items in the demo account's cart.
    const before = Number((await page.getByTestId("cart-count").textContent({ timeout: 1000 }).catch(() => "0")) ?? 0);

    await addToCart(page, productUrl(product));
    await expect(page).toHaveURL(new RegExp(`/accessories/${product.view.product.id}/cart$`));
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passendes Zubehör");
    const accessory = page.getByTestId("accessory").filter({ has: page.getByRole("button", { name: "In den Warenkorb", disabled: false }) }).first();
    await accessory.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByText("liegt jetzt in deinem Warenkorb")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/accessories/${product.view.product.id}/cart$`));
    await page.getByRole("link", { name: "Zum Warenkorb" }).click();
    await expect(page.getByTestId("cart-item")).toHaveCount(before + 2);

    await page.getByRole("link", { name: "Zur Kasse" }).click();
    await expect(page.getByText("Angemeldet als demo@reloop.local.")).toBeVisible();
    await fillBillingAddress(page, ["Demo", "Kundin", "Torstraße", "1", "10119", "Berlin"]);
    await choosePayment(page, /Vorkasse per Überweisung/);
    await buyNow(page);
    await expect(page).toHaveURL(/\/checkout\/order\/index\/id\//);
    const transfer = page.getByTestId("bank-transfer");
    await expect(transfer).toContainText("IBAN");
    const number = (await page.getByTestId("order-number").textContent())!.match(/R\d{2}-\d{6}/)![0];
    await expect(transfer).toContainText(number);
    await expect(page.getByTestId("order-status")).toHaveText("Wartet auf deine Überweisung");

    await page.goto("/my");
    const listed = page.getByTestId("order-list").getByRole("link").filter({ hasText: number });
    await expect(listed).toContainText("Wartet auf deine Überweisung");
    await listed.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bestellung ${number}`);
    await expect(page.getByText("Bestellung aufgegeben")).toBeVisible();

    // Not yet packed: the customer cancels it, with a reason, after confirming.
    await hydrated(page);
    await page.getByText("Bestellung stornieren", { exact: true }).click();
    await page.getByLabel("Grund (freiwillig)").fill("Doch anders entschieden");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Ja, Bestellung stornieren" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deine Bestellung ist storniert." })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Storniert");
    await expect(page.getByRole("list", { name: "Verlauf der Bestellung" })).toContainText("Von dir storniert");
    await expect(page.getByTestId("order-cancel")).toHaveCount(0);
  });

  test("says so when every unit of a grade is in the cart already", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const { view } = await findProduct(request, "categoryId=20", (v) => v.product.variantPicker.some((g) => g.label !== "NEW" && g.quantity === 1));
    const single = view.product.variantPicker.find((g) => g.label !== "NEW" && g.quantity === 1)!;
    const url = `/i${view.product.id},${view.product_slug}?variant=${single.label}`;
    await addToCart(page, url);
    const dialog = page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "In den Warenkorb" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "bereits alle verfügbaren Exemplare" }).first()).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });

  test("the cart takes coupons and insurance, and tells when it had to take insurance back", async ({ page, request }) => {
    const phone = await findProduct(request, "categoryId=1101", () => true);
    await addToCart(page, productUrl(phone));
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/checkout/cart");
    await hydrated(page);
    await page.getByLabel("Gutscheincode").fill("NOPE");
    await page.getByRole("button", { name: "Einlösen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Diesen Gutscheincode gibt es nicht." })).toBeVisible();
    await page.getByLabel("Gutscheincode").fill("welcome10");
    await page.getByRole("button", { name: "Einlösen" }).click();
    await expect(page.getByTestId("totals")).toContainText("Gutschein WELCOME10");
    await page.getByRole("button", { name: "Versicherung hinzufügen" }).click();
    await expect(page.getByTestId("totals")).toContainText("Transportversicherung");

    // A second item: the add itself repairs the cart, and the product page says so.
    const book = await findProduct(request, "categoryId=22", () => true);
    await addToCart(page, productUrl(book));
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByText("Die Transportversicherung gilt nur für Bestellungen mit einem Artikel", { exact: false })).toBeVisible();
    await page.goto("/checkout/cart");
    await expect(page.getByTestId("totals")).not.toContainText("Transportversicherung");
    await expect(page.getByTestId("totals")).toContainText("Gutschein WELCOME10");
  });
});

test.describe("the cart's suggestions", () => {
  test("come once the page is there, in a place held for them, for the cart's first item; a failed answer leaves the cart whole", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    // An empty cart's suggestions are its content: in the server's page, shown without a script.
    const empty = await (await page.request.get("/checkout/cart")).text();
    expect(empty).toContain("Bestseller");
    expect(empty).not.toContain('data-testid="slot-loading"');
    const phone = await findProduct(request, "categoryId=1101", () => true);
    await addToCart(page, productUrl(phone));
    await expect(page.getByRole("dialog")).toBeVisible();

    // The server's page holds their place; the browser asks for them, for this cart's first item.
    const html = await (await page.request.get("/checkout/cart")).text();
    expect(html).toContain('data-testid="slot-loading"');
    expect(html).not.toContain("Ähnliche Produkte");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: URL[] = [];
    await page.route("**/api/recommendations?**", async (route) => {
      asked.push(new URL(route.request().url()));
      await held;
      await route.continue();
    });
    await page.goto("/checkout/cart");
    await hydrated(page);
    await expect(page.getByTestId("slot-loading")).toBeVisible();
    const placeHeld = (await page.getByTestId("slot-loading").boundingBox())!;
    release();
    const slot = page.getByRole("region", { name: "Ähnliche Produkte" });
    await expect(slot.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByTestId("slot-loading")).toHaveCount(0);
    // The place held is the slot's: what comes after it does not move when it arrives.
    expect(Math.abs((await slot.boundingBox())!.height - placeHeld.height)).toBeLessThanOrEqual(24);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get("type")).toBe("similar");
    expect(asked[0]!.searchParams.get("productId")).toBe(String(phone.view.product.id));
    await expect(slot.getByRole("link", { name: "Alle ansehen" })).toHaveAttribute("href", new RegExp(`\\?productId=${phone.view.product.id}$`));

    // A failed answer: no slot and no place held, the cart as it was.
    await page.unroute("**/api/recommendations?**");
    await page.route("**/api/recommendations?**", (route) => route.fulfill({ status: 503, json: { code: "UNAVAILABLE", message: "down" } }));
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("slot-loading")).toHaveCount(0);
    await expect(slot).toHaveCount(0);
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Zur Kasse" })).toBeVisible();
  });
});

test.describe("on a 390 px phone", () => {
  test("the cart fits the screen: every price, \"Entfernen\" and the summary in full", async ({ page, request }) => {
    if (test.info().project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
    const phone = await findProduct(request, "categoryId=1112&sort=price_desc", () => true);
    await addToCart(page, productUrl(phone));
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/checkout/cart");
    await hydrated(page);
    const width = await page.evaluate(() => window.innerWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const item = page.getByTestId("cart-item").first();
    const inView = async (locator: ReturnType<Page["locator"]>) => {
      const box = (await locator.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    };
    await inView(item.getByText("€").first());
    await inView(item.getByRole("button", { name: /^Entfernen|entfernen$/ }));
    await inView(page.getByTestId("totals"));
    await inView(page.getByRole("link", { name: "Zur Kasse" }));
    await keepScreenshot(page, { path: `/tmp/shots/cart-390-${test.info().project.name}.png`, fullPage: true });
  });
});

test.describe("PayPal express", () => {
  test("a guest with a cart comes in through PayPal at the address step: signed in on the checkout, PayPal's address filled in, no success toast", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const who = `express-${test.info().project.name}`;
    const email = `${who}@example.com`;
    await nextProviderAccount({
      sub: who,
      email,
      email_verified: true,
      given_name: "Paula",
      family_name: "Pay",
      address: { street_address: "Keizersgracht 12", locality: "Amsterdam", postal_code: "1015 CS", country: "NL" },
    });
    const product = await findProduct(request, "categoryId=20", () => true);
    await addToCart(page, productUrl(product));
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/checkout/address");
    await hydrated(page);
    await expect(page.getByLabel("E-Mail-Adresse")).toBeVisible();

    const popupOpened = page.waitForEvent("popup");
    const signedIn = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/auth"));
    await page.getByRole("button", { name: "PayPal Express" }).click();
    const popup = await popupOpened;
    // It closes itself, perhaps before a close event could be awaited.
    await expect.poll(() => popup.isClosed()).toBe(true);
    // The login page's action goes on with its messages, but not the success message.
    const flash = (await (await signedIn).headerValue("set-cookie")) ?? "";
    expect(flash).toContain("flashbag=");
    expect(flash).not.toContain("login.success");

    await expect(page).toHaveURL(/\/checkout\/address$/);
    await expect(page.getByText(`Angemeldet als ${email}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "PayPal Express" })).toHaveCount(0);
    const billing = page.getByRole("group", { name: "Rechnungsadresse" });
    await expect(billing.getByLabel("Vorname")).toHaveValue("Paula");
    await expect(billing.getByLabel("Straße")).toHaveValue("Keizersgracht");
    await expect(billing.getByLabel("Nr.")).toHaveValue("12");
    await expect(billing.getByLabel("PLZ")).toHaveValue("1015 CS");
    await expect(page.getByText("Du bist angemeldet.")).toHaveCount(0);

    // The cart came along: on to payment with PayPal's address.
    await page.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByText("Du bist angemeldet.")).toHaveCount(0);
  });
});
