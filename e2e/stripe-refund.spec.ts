import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, mailTo, staffStorageState, registeredCustomer, test } from "./fixtures.ts";

test("a customer pays with Stripe on its hosted page; staff cancel the order, Stripe refunds it in full, and the customer's order page and mail say so", async ({ browser, page, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const email = await registeredCustomer(page.request, "stripe");
  const list = await (await page.request.get("/api/products?categoryId=21&inStock=1")).json();
  let url: string | undefined;
  for (const item of list.items as { id: number }[]) {
    const view = await (await page.request.get(`/api/products/${item.id}`)).json();
    const grade = (view.product.variantPicker as { label: string; quantity: number }[]).find((v) => v.label !== "NEW" && v.quantity >= 3);
    if (grade) {
      url = `/i${view.product.id},${view.product_slug}?variant=${grade.label}`;
      break;
    }
  }
  expect(url, "a device in stock").toBeDefined();
  await page.goto(url!);
  await hydrated(page);
  await page.getByRole("button", { name: "In den Warenkorb" }).click();
  await page.getByRole("dialog", { name: "Zum Warenkorb hinzugefügt" }).getByRole("link", { name: "Zum Warenkorb" }).click();
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  const billing = page.getByRole("group", { name: "Rechnungsadresse" });
  for (const [label, value] of [["Vorname", "Jonas"], ["Nachname", "Weber"], ["Straße", "Bergstraße"], ["Nr.", "3"], ["PLZ", "01069"], ["Ort", "Dresden"]] as const) await billing.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Weiter zu Versand und Zahlung" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await page.getByLabel(/Karte, Apple Pay, Google Pay/).check();
  await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
  await expect(page).toHaveURL(/\/checkout\/overview$/);
  await hydrated(page);
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByRole("button", { name: "Jetzt kaufen" }).click();

  // Stripe's hosted page: paid there, back in the shop the order is paid.
  await expect(page).toHaveURL(/\/pay\/cs_test_\w+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Pay \d+\.\d{2} EUR$/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\/order\/index\/id\/[\w-]+$/);
  await expect(page.getByTestId("order-status")).toHaveText("Bezahlt – wird für den Versand vorbereitet");
  const orderUuid = page.url().split("/").pop()!;
  const number = (await page.getByTestId("order-number").textContent())!.match(/R\d{2}-\d{6}/)![0];
  const { totalPrice } = await (await page.request.get(`/api/orders/${orderUuid}`)).json();
  const total = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 }).format(totalPrice.amount / 100);

  // Staff cancel it: the refund goes back through Stripe at once.
  const staffContext = await browser.newContext({ baseURL: baseURL!, storageState: await staffStorageState(playwright, baseURL!) });
  await staffContext.addCookies([
    { name: "reloop-language", value: "de", url: baseURL! },
    { name: "reloop-consent", value: "necessary", url: baseURL! },
  ]);
  const staff = await staffContext.newPage();
  await staff.goto(`/ops/orders/${orderUuid}`);
  await hydrated(staff);
  await staff.getByText("Bestellung stornieren …").click();
  await staff.getByLabel("Grund").fill("Nicht mehr lieferbar");
  await staff.getByRole("button", { name: "Bestellung stornieren" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Bestellung storniert" })).toBeVisible();
  await expect(staff.getByText(`erstattet ${total}`)).toBeVisible();

  await page.goto(`/my/orders/${orderUuid}`);
  await expect(page.getByTestId("order-status")).toHaveText("Storniert");
  await expect(page.getByTestId("order-refunded")).toContainText(total);
  await hydrated(page);
  await expectNoAxeViolations(page);
  const mail = await mailTo(email, /ist storniert/);
  expect(mail.subject).toContain(number);
  expect(mail.text).toContain(total);
  await staffContext.close();
});
