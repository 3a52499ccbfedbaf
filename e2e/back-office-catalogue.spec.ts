import { expectNoAxeViolations } from "./axe.ts";
import sharp from "sharp";
import { expect, hydrated, invitedStaffMember, test, keepScreenshot } from "./fixtures.ts";


/** The kept pages, lists, search and product views hear a change through the change notifications within this. */
const WITHIN_A_SECOND = { timeout: 1_000, intervals: [50] };

/** A photo as a camera sends it: a coloured shape on a background, as JPEG or PNG. */
async function photo(name: string, background: string, size: { width: number; height: number }, format: "jpeg" | "png") {
  const shape = Buffer.from(`<svg width="${size.width}" height="${size.height}"><rect x="${size.width / 4}" y="${size.height / 6}" width="${size.width / 2}" height="${(size.height * 2) / 3}" rx="40" fill="#eee"/></svg>`);
  const image = sharp({ create: { ...size, channels: 3, background } }).composite([{ input: shape }]);
  return { name, mimeType: `image/${format}`, buffer: await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer() };
}

test.describe("the catalogue in the back-office", () => {
  test("support creates a product with texts in two languages and two pictures; the storefront's page and search show it within a second", async ({ page, browser, playwright, baseURL }) => {
    // An invitation, two forms, uploads and six pages with their axe checks.
    test.setTimeout(90_000);
    // A word no product has: the search for it is kept empty before the product exists.
    const word = `Kobalt${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
    const name = `Fairphone 5 ${word}`;
    const visitor = await browser.newContext({ baseURL });
    await visitor.addCookies([
      { name: "reloop-language", value: "de", url: baseURL! },
      { name: "reloop-consent", value: "necessary", url: baseURL! },
    ]);
    const shopper = await visitor.newPage();
    const searchPath = `/kaufen/suchen?query=${word.toLowerCase()}`;
    await shopper.goto(searchPath);
    await expect(shopper.getByRole("link", { name: new RegExp(word) })).toHaveCount(0);

    await invitedStaffMember(page, playwright, baseURL!, ["support"]);
    await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Produkte" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Produkte" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Neues Produkt" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neues Produkt" })).toBeVisible();
    await hydrated(page);
    const form = page.getByTestId("product-create");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Marke").fill("Fairphone");
    await form.getByLabel("Kategorie").selectOption("1102");
    await form.getByLabel("Neupreis (€)").fill("699,00");
    await form.getByLabel("EAN (optional)").fill("8718819 372821");
    await form.getByRole("tab", { name: /Englisch/ }).click();
    await form.getByLabel("Beschreibung auf Englisch").fill(`A repairable ${word} phone with a replaceable battery.`);
    await form.getByLabel("Merkmal 1").fill("Erscheinungsjahr");
    await form.getByLabel("Wert 1").fill("2023");
    await form.getByRole("button", { name: "Produkt anlegen" }).click();

    // The wrong check digit and the missing German text are said at their fields; everything typed is still there.
    await expect(form.getByText("Die Prüfziffer stimmt nicht – mit diesen Ziffern müsste die letzte 0 sein.", { exact: false })).toBeVisible();
    await expect(form.getByLabel("EAN (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("tab", { name: /Deutsch/ })).toHaveAttribute("aria-selected", "true");
    await expect(form.getByLabel("Beschreibung auf Deutsch")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Die deutsche Beschreibung fehlt")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expect(form.getByLabel("Wert 1")).toHaveValue("2023");
    await form.getByRole("tab", { name: /Englisch/ }).click();
    await expect(form.getByLabel("Beschreibung auf Englisch")).toHaveValue(`A repairable ${word} phone with a replaceable battery.`);
    await expectNoAxeViolations(page);

    await form.getByLabel("EAN (optional)").fill("8718819 372820");
    await form.getByRole("tab", { name: /Deutsch/ }).click();
    await form.getByLabel("Beschreibung auf Deutsch").fill(`Ein reparierbares Telefon.\n\nDer Akku lässt sich tauschen.`);
    await form.getByRole("button", { name: "Produkt anlegen" }).click();
    await expect(page).toHaveURL(/\/ops\/products\/\d+\?created=1$/);
    await expect(page.getByRole("status")).toContainText("Produkt angelegt.");

    // The visitor's kept search page shows it within a second of the save.
    await expect.poll(async () => (await shopper.request.get(searchPath)).text(), WITHIN_A_SECOND).toContain(name);
    const href = (await page.getByTestId("product-in-shop").getAttribute("href"))!;
    expect(href).toMatch(/^\/i\d+,fairphone-5-kobalt[a-z]+$/);
    await shopper.goto(href);
    await expect(shopper.getByRole("heading", { level: 1, name })).toBeVisible();

    await hydrated(page);
    await page.getByLabel("Bilder hochladen").setInputFiles([await photo("front.jpg", "#2a6a9a", { width: 1600, height: 1200 }, "jpeg"), await photo("back.png", "#9a2a6a", { width: 900, height: 1200 }, "png")]);
    await page.getByRole("button", { name: "Hochladen", exact: true }).click();
    await expect(page.getByTestId("product-pictures").getByRole("status")).toHaveText("Bilder hochgeladen.");
    await expect(page.getByTestId("picture")).toHaveCount(2);

    // The product page the visitor saw is kept; it shows the pictures within a second of the upload.
    await expect.poll(async () => ((await (await shopper.request.get(href)).text()).match(/\/media\/product-pictures\/[0-9a-f-]{36}\/large\.webp/g) ?? []).length, WITHIN_A_SECOND).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // The storefront's page in German and in English: name, pictures, the language's description.
    await shopper.goto(href);
    await expect(shopper.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(shopper.locator('img[src*="/media/product-pictures/"]')).toHaveCount(3);
    await expect(shopper.getByText("Der Akku lässt sich tauschen.")).toBeVisible();
    const large = await shopper.request.get((await shopper.locator('img[src$="/large.webp"]').first().getAttribute("src"))!);
    expect([large.headers()["content-type"], large.headers()["cache-control"]]).toEqual(["image/webp", "public, max-age=31536000, immutable"]);
    await keepScreenshot(shopper, { path: "test-results/catalogue-product-de.png", fullPage: true });
    await visitor.addCookies([{ name: "reloop-language", value: "en", url: baseURL! }]);
    await shopper.goto(href);
    await expect(shopper.getByText(`A repairable ${word} phone with a replaceable battery.`)).toBeVisible();
    await shopper.goto(`/buy/search?query=${word.toLowerCase()}`);
    await expect(shopper.getByRole("link", { name: new RegExp(word) }).first()).toBeVisible();
    await visitor.close();

    // The category pages, for axe.
    await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Kategorien" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kategorien" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.getByTestId("category-tree").getByRole("link", { name: "Google Pixel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Google Pixel" })).toBeVisible();
    await expect(page.getByLabel("Name (Deutsch)")).toHaveValue("Google Pixel");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.goto("/ops/categories/new?parentId=10");
    await expect(page.getByRole("heading", { level: 1, name: "Neue Kategorie" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});
