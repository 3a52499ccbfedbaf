import { expectNoAxeViolations } from "./axe.ts";
import type { Browser, Page } from "@playwright/test";
import { shopDayIso } from "../src/domain/dates.ts";
import { expect, hydrated, invitedStaffMember, test } from "./fixtures.ts";


/** A visitor's cart with one unit of a phone above `minimum` cents, in a browser of its own, on the cart page. */
async function visitorCart(browser: Browser, baseURL: string, minimum: number): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: "reloop-language", value: "de", url: baseURL },
    { name: "reloop-consent", value: "necessary", url: baseURL },
  ]);
  const visitor = await context.newPage();
  const list = await (await visitor.request.get("/api/products?categoryId=1101&inStock=1")).json();
  for (const { id } of list.items as { id: number }[]) {
    const view = await (await visitor.request.get(`/api/products/${id}`)).json();
    const grade = (view.product.variantPicker as { label: string; price: number; quantity: number }[]).find((v) => v.label !== "NEW" && v.quantity >= 1 && v.price >= minimum);
    if (!grade) continue;
    expect((await visitor.request.post("/api/cart/items", { data: { id, productVariantLabel: grade.label, withFullBattery: false } })).ok()).toBe(true);
    await visitor.goto("/checkout/cart");
    await hydrated(visitor);
    return visitor;
  }
  throw new Error("no phone in stock");
}

const dayFrom = (days: number) => shopDayIso(new Date(Date.now() + days * 86_400_000));

test.describe("coupons in the back-office", () => {
  test("support creates a buy coupon, keeps what was typed when a field is wrong, changes it, a visitor redeems it in the cart and places a paid order with its discount, and support finds it by its state and counted once", async ({ page, browser, playwright, baseURL }) => {
    await invitedStaffMember(page, playwright, baseURL!, ["support"]);
    await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Gutscheine" }).click();
    await expect(page).toHaveURL(/\/ops\/coupons$/);
    await expect(page.getByRole("heading", { level: 1, name: "Gutscheine" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    const code = `E2E-${Date.now()}`;
    await page.getByRole("link", { name: "Neuer Kauf-Gutschein" }).click();
    const dialog = page.getByTestId("coupon-dialog");
    await expect(dialog.getByRole("heading", { name: "Neuer Kauf-Gutschein" })).toBeVisible();
    await dialog.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await dialog.getByLabel("Rabatt in Prozent").fill("150");
    await dialog.getByLabel("Mindestbestellwert (€)").fill("49,90");
    await dialog.getByLabel("Gültig ab").fill(dayFrom(0));
    await dialog.getByLabel("Gültig bis (einschließlich)").fill(dayFrom(30));
    await dialog.getByLabel("Einmal pro Kunde").check();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Gutschein anlegen" }).click();

    // The percentage is refused under its field; everything typed is still there.
    const percent = dialog.getByLabel("Rabatt in Prozent");
    await expect(percent).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Bitte einen ganzen Prozentwert von 1 bis 100 angeben.")).toBeVisible();
    await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue(code.toLowerCase());
    await expect(dialog.getByLabel("Mindestbestellwert (€)")).toHaveValue("49,90");
    await expect(dialog.getByLabel("Einmal pro Kunde")).toBeChecked();
    await percent.fill("15");
    await dialog.getByRole("button", { name: "Gutschein anlegen" }).click();

    await expect(page.getByRole("status")).toContainText(`Gutschein ${code} gespeichert.`);
    const row = page.getByTestId("buy-coupons").getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("15 % Rabatt · ab 49,90 € · einmal pro Kunde");
    await expect(row).toContainText("Aktiv");
    await expect(row.getByRole("cell").nth(3)).toHaveText("0");

    // Changed: the code stays, the terms follow.
    await row.getByRole("link", { name: `Gutschein ${code} bearbeiten` }).click();
    await expect(dialog.getByRole("heading", { name: `Gutschein ${code}` })).toBeVisible();
    await expect(dialog.getByLabel("Rabatt in Prozent")).toHaveValue("15");
    await dialog.getByText("Fester Betrag").click();
    await dialog.getByLabel("Rabattbetrag (€)").fill("7,50");
    await dialog.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page.getByRole("status")).toContainText(`Gutschein ${code} gespeichert.`);
    await expect(row).toContainText("7,50 € Rabatt · ab 49,90 € · einmal pro Kunde");

    // The shop takes the coupon at once: a visitor redeems it in the cart, 7,50 € off the total.
    const visitor = await visitorCart(browser, baseURL!, 4_990);
    const cents = async () => Number((await visitor.getByTestId("total").textContent())!.replace(/\D/g, ""));
    const fullTotal = await cents();
    await visitor.getByLabel("Gutscheincode").fill(code.toLowerCase());
    await visitor.getByRole("button", { name: "Einlösen" }).click();
    await expect(visitor.getByTestId("totals")).toContainText(`Gutschein ${code}`);
    await expect(visitor.getByTestId("totals")).toContainText("−7,50 €");
    const discountedTotal = await cents();
    expect(discountedTotal).toBe(fullTotal - 750);

    // On through checkout as a guest, paid in the sandbox: the placed order keeps the coupon's discount.
    await visitor.getByRole("link", { name: "Zur Kasse" }).click();
    await expect(visitor).toHaveURL(/\/checkout\/address$/);
    await visitor.getByLabel("E-Mail-Adresse").fill(`coupon-${Date.now()}@example.com`);
    const billing = visitor.getByRole("group", { name: "Rechnungsadresse" });
    for (const [label, value] of [["Vorname", "Lena"], ["Nachname", "Graf"], ["Straße", "Hauptstraße"], ["Nr.", "5"], ["PLZ", "10115"], ["Ort", "Berlin"]]) await billing.getByLabel(label!).fill(value!);
    await visitor.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
    await visitor.getByLabel(/Karte \(Testzahlung\)/).check();
    await visitor.getByRole("button", { name: "Weiter zur Übersicht" }).click();
    await expect(visitor.getByTestId("totals")).toContainText(`Gutschein ${code}`);
    await visitor.getByLabel(/Ich akzeptiere die AGB/).check();
    await visitor.getByRole("button", { name: "Jetzt kaufen" }).click();
    await visitor.getByRole("button", { name: "Zahlung bestätigen" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Danke für deine Bestellung!");
    await expect(visitor.getByTestId("order-status")).toHaveText("Bezahlt – wird für den Versand vorbereitet");
    await expect(visitor.getByTestId("totals")).toContainText(`Gutschein ${code}`);
    await expect(visitor.getByTestId("totals")).toContainText("−7,50 €");
    expect(await cents()).toBe(discountedTotal);
    await visitor.context().close();

    // The state filter is in the address.
    await page.getByRole("link", { name: "Abgelaufen" }).click();
    await expect(page).toHaveURL(/\?state=expired$/);
    await expect(page.getByTestId("buy-coupons").getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
    await page.getByRole("link", { name: "Aktiv" }).click();
    await expect(page).toHaveURL(/\?state=active$/);
    // The order counts as the coupon's first redemption.
    await expect(row.getByRole("cell").nth(3)).toHaveText("1");
    await expectNoAxeViolations(page);
  });
});
