import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, invitedStaffMember, mailTo, test } from "./fixtures.ts";


const euro = (cents: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);
type Variant = { label: string; price: number; quantity: number };
/** The Android tablets: a category no other end-to-end test prices or buys from. */
const TABLETS = 1104;

test.describe("prices in the back-office", () => {
  test("finance creates a rule, previews and applies it; the storefront shows the new price and a customer who wished the product is mailed the drop", async ({ page, browser, playwright, baseURL }) => {
    test.setTimeout(90_000);
    // A customer wishes a tablet in stock.
    const shopper = await browser.newContext({ baseURL });
    await shopper.addCookies([
      { name: "reloop-language", value: "de", url: baseURL! },
      { name: "reloop-consent", value: "necessary", url: baseURL! },
    ]);
    const email = `wisher-${Date.now()}@example.com`;
    expect((await shopper.request.post("/api/customer/registrations", { data: { email, password: "a-long-enough-password-1", locale: "de" } })).status()).toBeLessThan(300);
    expect((await shopper.request.post("/api/customer/login", { data: { credentials: { email, password: "a-long-enough-password-1" } } })).status()).toBe(200);
    const list = await (await shopper.request.get(`/api/products?categoryId=${TABLETS}&inStock=1`)).json();
    const productId = (list.items as { id: number }[])[0]!.id;
    expect((await shopper.request.put(`/api/watchlist/${productId}`)).status()).toBe(200);

    await invitedStaffMember(page, playwright, baseURL!, ["finance"]);
    await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Preise" }).click();
    await expect(page).toHaveURL(/\/ops\/prices$/);
    await expect(page.getByRole("heading", { level: 1, name: "Preise" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    // A new rule: half the new price for every used grade, at least the dearest unit's cost. A share above 100 % is refused at its field, with everything typed kept.
    await page.getByTestId("new-price-rule").click();
    const dialog = page.getByTestId("price-rule-dialog");
    await expect(dialog.getByRole("heading", { name: "Neue Preisregel" })).toBeVisible();
    await dialog.getByLabel("Name").fill("Tablets zum Halben");
    await dialog.getByLabel("Gilt für").selectOption(String(TABLETS));
    for (const grade of ["A0", "A1", "A2", "A3"]) await dialog.getByLabel(`${grade} in %`).fill("50");
    await dialog.getByLabel("A4 in %").fill("150");
    await dialog.getByLabel("Mindestmarge in €").fill("0");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Anlegen und Vorschau zeigen" }).click();
    const a4 = dialog.getByLabel("A4 in %");
    await expect(a4).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Ein Anteil liegt zwischen 0,1 und 100 %, in Zehntelprozent.")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue("Tablets zum Halben");
    await expect(dialog.getByLabel("A0 in %")).toHaveValue("50");
    await a4.fill("50");
    await dialog.getByRole("button", { name: "Anlegen und Vorschau zeigen" }).click();

    // The preview: counts of the whole and a page of the changes, nothing changed yet.
    await expect(page.getByRole("heading", { level: 1, name: "Vorschau: Tablets zum Halben" })).toBeVisible();
    const ruleId = Number(/\/ops\/prices\/rules\/(\d+)/.exec(page.url())![1]);
    const changed = Number(await page.getByTestId("count-changed").textContent());
    expect(changed).toBeGreaterThan(0);
    await expect(page.getByTestId("count-belowPurchasePrice")).toHaveText("0");
    await hydrated(page);
    await expectNoAxeViolations(page);
    // What the preview says of the wished tablet's cheapest grade in stock (read through the same API the page uses).
    const before = await (await shopper.request.get(`/api/products/${productId}`)).json();
    const cheapest = (before.product.variantPicker as Variant[]).filter((v) => v.quantity > 0).sort((a, b) => a.price - b.price)[0]!;
    const preview = { items: [] as { productId: number; grade: string; newPrice: { amount: number } }[] };
    for (let pageNo = 1; !preview.items.some((c) => c.productId === productId && c.grade === cheapest.label); pageNo += 1) {
      const part = await (await page.request.get(`/api/ops/price-rules/${ruleId}/preview?page=${pageNo}`)).json();
      expect(part.items.length).toBeGreaterThan(0);
      preview.items.push(...part.items);
    }
    const newPrice = preview.items.find((c) => c.productId === productId && c.grade === cheapest.label)!.newPrice.amount;
    expect(newPrice).toBeLessThan(cheapest.price);
    expect(newPrice % 100).toBe(99);

    await page.getByTestId("apply-price-rule").click();
    await expect(page).toHaveURL(/\/ops\/prices\?applied=/);
    await expect(page.getByRole("status")).toContainText(`„Tablets zum Halben“ angewendet. Geänderte Preise: ${changed}.`);
    await expect(page.getByTestId("price-rules").getByRole("row", { name: /Tablets zum Halben/ })).toContainText(`${changed} Preise geändert`);

    // The storefront's product page shows the new price, through the change notifications that drop the kept pages.
    const storefront = await shopper.newPage();
    await expect(async () => {
      await storefront.goto(`/i${productId},${before.product_slug}?variant=${cheapest.label}`);
      await expect(storefront.getByText(euro(newPrice)).first()).toBeVisible({ timeout: 1_000 });
    }).toPass();

    // The customer who wished it is mailed the drop by the existing price-drop mail.
    const mail = await mailTo(email, /günstiger/);
    expect(mail.subject).toContain(new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 }).format(newPrice / 100));
    expect(mail.text).toContain(`/i${productId},`);

    // The product's price page: each grade with its units' cost and margin, the rule that covers it; axe-clean too.
    await page.goto(`/ops/prices/products/${productId}`);
    await expect(page.getByTestId(`grade-${cheapest.label}`)).toContainText(euro(newPrice));
    await expect(page.getByRole("region", { name: "Regeln für dieses Produkt" })).toContainText("Tablets zum Halben");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await shopper.close();
  });
});
