import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test, keepScreenshot } from "./fixtures.ts";

interface Variant { label: string; price: number; quantity: number; fullBatteryQuantity: number; fullBatteryPrice: number }
interface View { product: { id: number; variantPicker: Variant[] }; product_slug: string }

/** Finds a product in the seeded catalogue that fits the test, through the public API. */
async function findProduct(request: APIRequestContext, query: string, fits: (v: Variant[]) => boolean): Promise<View> {
  const list = await (await request.get(`/api/products?${query}`)).json();
  for (const item of list.items as { id: number }[]) {
    const view = (await (await request.get(`/api/products/${item.id}`)).json()) as View;
    if (fits(view.product.variantPicker)) return view;
  }
  throw new Error(`no product fits for ${query}`);
}
const grade = (vs: Variant[], label: string) => vs.find((v) => v.label === label)!;
const euro = (cents: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);

test("picks the grade from ?variant and #hash, ignores NEW and out-of-stock grades", async ({ page, request }) => {
  const view = await findProduct(request, "inStock=1&categoryId=1", (vs) => grade(vs, "A2").quantity > 0 && grade(vs, "A3").quantity > 0 && vs.some((v) => v.quantity === 0 && v.label !== "NEW"));
  const base = `/i${view.product.id},${view.product_slug}`;
  const picker = page.getByRole("group", { name: "Zustand wählen" });
  const current = picker.locator("[aria-current=true]");

  await page.goto(`${base}?variant=a2`);
  await hydrated(page);
  await expect(current).toHaveAttribute("data-grade", "A2");
  await expect(page.getByText(euro(grade(view.product.variantPicker, "A2").price)).first()).toBeVisible();

  await page.goto(`${base}#A3`);
  await hydrated(page);
  await expect(current).toHaveAttribute("data-grade", "A3");

  const cheapest = [...view.product.variantPicker].filter((v) => v.quantity > 0).sort((a, b) => a.price - b.price)[0]!;
  const soldOut = view.product.variantPicker.find((v) => v.quantity === 0 && v.label !== "NEW")!;
  await page.goto(`${base}?variant=${soldOut.label}`);
  await hydrated(page);
  await expect(current).toHaveAttribute("data-grade", cheapest.label);
  await expect(picker.locator(`[data-grade=${soldOut.label}]`)).toHaveAttribute("aria-disabled", "true");

  await page.goto(`${base}?variant=NEW`);
  await hydrated(page);
  await expect(current).toHaveAttribute("data-grade", cheapest.label);

  // Choosing a grade changes the URL without loading the page again.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await picker.locator("[data-grade=A2]").click();
  await expect(page).toHaveURL(/variant=A2/);
  await expect(current).toHaveAttribute("data-grade", "A2");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test("switches the full battery on for an iPhone, with its price", async ({ page, request }) => {
  const view = await findProduct(request, "inStock=1&categoryId=1112", (vs) => vs.some((v) => v.quantity > 0 && v.fullBatteryQuantity > 0));
  const variant = view.product.variantPicker.find((v) => v.quantity > 0 && v.fullBatteryQuantity > 0)!;
  await page.goto(`/i${view.product.id},${view.product_slug}?variant=${variant.label}`);
  await hydrated(page);
  const option = page.getByRole("switch", { name: /Mit neuem Akku/ });
  await expect(option).toHaveAttribute("aria-checked", "false");
  await option.click();
  await expect(page).toHaveURL(/fullBattery=1/);
  await expect(option).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText(euro(variant.price + variant.fullBatteryPrice)).first()).toBeVisible();
});

test("the gallery moves with the arrow keys; the description and JSON-LD are there", async ({ page }) => {
  await page.goto("/i1,x");
  await hydrated(page);
  const gallery = page.getByRole("group", { name: /^Bild 1 von/ });
  await gallery.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("group", { name: /^Bild 2 von/ })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("group", { name: /^Bild 1 von/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Beschreibung" })).toBeVisible();
  await expect(page.getByText(/geprüft/).first()).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd["@type"]).toBe("Product");
  expect(jsonLd.offers.length).toBeGreaterThan(0);
  expect(jsonLd.offers[0].priceCurrency).toBe("EUR");
});

test("the variant information page explains every grade", { tag: "@same-on-every-screen" }, async ({ page }) => {
  await page.goto("/i1,x");
  await page.getByRole("link", { name: "Was bedeuten die Zustände?" }).click();
  await expect(page).toHaveURL(/\/1\/product-variant-information$/);
  await expect(page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 })).toHaveCount(6);
  await expect(page.getByRole("img", { name: /Gebrauchsspuren im Zustand Gut/ })).toBeVisible();
});

test("chooses a wristband for a watch case in a dialog with its own URL, by keyboard", async ({ page, request }) => {
  const list = await (await request.get("/api/products?categoryId=1106")).json();
  const watch = list.items[0] as { id: number; slug: string };
  const productUrl = `/i${watch.id},${watch.slug}`;
  await page.goto(productUrl);
  await hydrated(page);
  const open = page.getByRole("link", { name: "Armband wählen" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Armband wählen" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${productUrl}/wristband$`));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${productUrl}$`));
  // Focus goes back to the link that opened it.
  await expect(open).toBeFocused();

  // Back closes it too.
  await open.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${productUrl}$`));

  await open.click();
  const band = dialog.getByRole("list").getByRole("link").first();
  const colour = (await band.textContent())!.split("+")[0]!.trim();
  await band.click();
  await expect(page).toHaveURL(/wristbandId=\d+/);
  await expect(page.getByText("Armband:")).toContainText(colour);
  await expect(page.getByRole("link", { name: "Armband ändern" })).toBeVisible();
});

test("adds a watch case with its band in one add, whatever the way through the band choice", async ({ page, request }) => {
  const list = await (await request.get("/api/products?categoryId=1106&inStock=1")).json();
  let found: { watch: { id: number; slug: string }; grade: string } | undefined;
  for (const item of list.items as { id: number; slug: string }[]) {
    const view = (await (await request.get(`/api/products/${item.id}`)).json()) as View;
    const grade = view.product.variantPicker.find((v) => v.label !== "NEW" && v.quantity >= 3);
    if (grade) found = { watch: item, grade: grade.label };
    if (found) break;
  }
  const { watch, grade: caseGrade } = found!;
  const productUrl = `/i${watch.id},${watch.slug}?variant=${caseGrade}`;
  const dialog = page.getByRole("dialog", { name: "Armband wählen" });
  const added = page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" });
  /** The cart's products: how many of the case, and of other products (its bands). */
  const cart = async () => {
    const items = ((await (await page.request.get("/api/cart")).json()) as { items: { product: { id: number } }[] }).items;
    return { cases: items.filter((i) => i.product.id === watch.id).length, bands: items.filter((i) => i.product.id !== watch.id).length };
  };

  // "In den Warenkorb" on a bare case opens the choice and adds nothing yet.
  await page.goto(productUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Gehäuse und Armband kommen zusammen in den Warenkorb");
  expect(await cart()).toEqual({ cases: 0, bands: 0 });
  // Leaving the choice adds nothing.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/add=1/);
  expect(await cart()).toEqual({ cases: 0, bands: 0 });

  // Choosing a band adds case and band together, and says so.
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  const band = dialog.getByRole("list").getByRole("button").first();
  const colour = (await band.textContent())!.split("+")[0]!.trim();
  await band.click();
  await expect(added).toBeVisible();
  await expect(added.getByTestId("added-wristband")).toContainText("Mit Armband:");
  await expect(added).toContainText("2 Artikel im Warenkorb");
  await expect(page).toHaveURL(/wristbandId=\d+/);
  await expect(page.getByText("Armband:").first()).toContainText(colour);
  expect(await cart()).toEqual({ cases: 1, bands: 1 });
  await keepScreenshot(page, { path: `/tmp/shots/wristband-added-${test.info().project.name}.png` });
  await added.getByRole("button", { name: "Weiter einkaufen" }).click();
  await expect(added).toHaveCount(0);

  // A band chosen first: the add takes both at once, without the choice.
  await page.goto(productUrl);
  await hydrated(page);
  await page.getByRole("link", { name: "Armband wählen" }).click();
  // Another band than before: each band may have one unit left.
  await dialog.getByRole("list").getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/wristbandId=\d+/);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(added).toBeVisible();
  expect(await cart()).toEqual({ cases: 2, bands: 2 });
  await added.getByRole("button", { name: "Weiter einkaufen" }).click();

  // Without a band, deliberately: the case alone, once.
  await page.goto(productUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(dialog.getByRole("button", { name: "Ohne Armband in den Warenkorb" })).toBeVisible();
  await keepScreenshot(page, { path: `/tmp/shots/wristband-choice-${test.info().project.name}.png` });
  await dialog.getByRole("button", { name: "Ohne Armband in den Warenkorb" }).click();
  await expect(added).toBeVisible();
  await expect(added.getByTestId("added-wristband")).toHaveCount(0);
  expect(await cart()).toEqual({ cases: 3, bands: 2 });
});

test("names the insurance as the cart does, at the cart's price", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
  const view = await findProduct(request, "inStock=1&categoryId=1101", (vs) => vs.some((v) => v.label !== "NEW" && v.quantity > 0));
  await page.goto(`/i${view.product.id},${view.product_slug}`);
  await hydrated(page);
  const offer = page.getByText("Auf Wunsch mit Transportversicherung für");
  await expect(offer).toBeVisible();
  await expect(page.getByText(/Geräteversicherung/)).toHaveCount(0);
  const price = (await offer.locator("span").last().textContent())!.trim();
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await expect(page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" })).toBeVisible();
  await page.goto("/checkout/cart");
  const insurance = page.locator("form").filter({ hasText: "Transportversicherung" });
  await expect(insurance).toContainText(price);
  await keepScreenshot(page, { path: `/tmp/shots/insurance-cart-${test.info().project.name}.png` });
});

test("pages through a product's reviews", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
  let id = 0;
  for (let candidate = 1; candidate < 100 && !id; candidate++) {
    const list = await (await request.get(`/api/products/${candidate}/reviews`)).json();
    if (list.summary.count > 5) id = candidate;
  }
  await page.goto(`/i${id},x`);
  await hydrated(page);
  const reviews = page.getByRole("list", { name: "Bewertungen" });
  await expect(reviews.getByRole("listitem")).toHaveCount(5);
  const first = await reviews.getByRole("listitem").first().textContent();
  // The reviews stream in after the page: their links work once that part has hydrated too.
  await page.locator("#reviews a[data-ready]").waitFor();
  await page.getByRole("navigation", { name: "Seiten der Bewertungen" }).getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/reviewsPage=2/);
  await expect(page.getByText(/Seite 2 von/).last()).toBeVisible();
  expect(await reviews.getByRole("listitem").first().textContent()).not.toBe(first);
});

test("recommends similar products; personalisation events wait for marketing consent", async ({ page }) => {
  const personalisation: string[] = [];
  const feedback: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/salesforce/events")) personalisation.push(r.postData() ?? "");
    if (r.url().endsWith("/api/recommendations/feedback")) feedback.push(r.postData() ?? "");
  });
  await page.goto("/i1,x");
  await hydrated(page);
  const slot = page.getByRole("region", { name: "Ähnliche Produkte" });
  await slot.scrollIntoViewIfNeeded();
  await expect(slot.getByRole("listitem").first()).toBeVisible();
  await expect.poll(() => feedback.length).toBeGreaterThan(0);
  expect(personalisation).toEqual([]);

  await page.context().addCookies([{ name: "reloop-consent", value: "necessary%2Cmarketing", url: page.url() }]);
  await page.reload();
  await hydrated(page);
  await page.getByRole("region", { name: "Ähnliche Produkte" }).scrollIntoViewIfNeeded();
  await expect.poll(() => personalisation.length).toBeGreaterThan(0);


  await page.getByRole("region", { name: "Ähnliche Produkte" }).getByRole("link", { name: "Alle ansehen" }).click();
  await expect(page).toHaveURL(/\/recommendations\/(similar|bestsellers)\?productId=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the home page shows recently viewed products, only with consent to preferences", async ({ page, baseURL }) => {
  await page.goto("/i2,x");
  await hydrated(page);
  await page.goto("/");
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem("reloop-recently-viewed"))).toBeNull();
  await expect(page.getByRole("region", { name: "Zuletzt angesehen" })).toHaveCount(0);

  await page.context().addCookies([{ name: "reloop-consent", value: "necessary%2Cpreferences", url: baseURL! }]);
  for (const id of [2, 5]) {
    await page.goto(`/i${id},x`);
    await hydrated(page);
  }
  await page.goto("/");
  await hydrated(page);
  const slot = page.getByRole("region", { name: "Zuletzt angesehen" });
  await expect(slot.getByRole("listitem")).toHaveCount(2);
  await expect(slot.getByRole("listitem").first().getByRole("link")).toHaveAttribute("href", /^\/i5,/);
});
