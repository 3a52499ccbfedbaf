import { expect, hydrated, mailTo, staffStorageState, registeredCustomer, test } from "./fixtures.ts";

const HOME = { firstName: "Mara", lastName: "Vogel", street: "Kastanienallee", houseNumber: "3", postalCode: "10435", city: "Berlin", country: "DE" };

test("staff cancel a customer's paid order: refunded in full through the sandbox provider, the customer sees it and is mailed", async ({ browser, playwright, baseURL }) => {
  const customer = await browser.newContext({ baseURL: baseURL! });
  await customer.addCookies([
    { name: "reloop-language", value: "de", url: baseURL! },
    { name: "reloop-consent", value: "necessary", url: baseURL! },
  ]);
  const api = customer.request;
  const email = await registeredCustomer(api, "refunded");
  // A used phone with a few units of a grade in stock, ordered and paid with the sandbox provider on its hosted page.
  let chosen: { id: number; grade: string } | undefined;
  for (let pageNumber = 1; pageNumber <= 3 && !chosen; pageNumber += 1) {
    const listed = await (await api.get(`/api/products?categoryId=21&inStock=1&page=${pageNumber}`)).json();
    for (const item of (listed.items as { id: number }[]).slice(3)) {
      const view = await (await api.get(`/api/products/${item.id}`)).json();
      const grade = (view.product.variantPicker as { label: string; quantity: number }[]).find((v) => v.label !== "NEW" && v.quantity >= 3);
      if (grade && view.relations.wristband.length === 0) {
        chosen = { id: item.id, grade: grade.label };
        break;
      }
    }
  }
  expect(chosen).toBeDefined();
  expect((await api.post("/api/cart/items", { data: { id: chosen!.id, productVariantLabel: chosen!.grade, withFullBattery: false } })).status()).toBeLessThan(300);
  await api.put("/api/checkout/address", { data: { billingAddress: HOME } });
  const cart = await (await api.put("/api/cart/options", { data: { paymentMethod: "sandbox" } })).json();
  const placed = await api.post("/api/checkout/orders", {
    headers: { "idempotency-key": `refund-e2e-${Date.now()}` },
    data: { expectedTotal: cart.totals.total.amount, expectedDispatch: { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch }, termsAccepted: true },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const page = await customer.newPage();
  await page.goto(order.redirectUrl);
  await page.getByRole("button", { name: "Zahlung bestätigen" }).click();
  await expect(page).toHaveURL(/\/checkout\/order\/index\/id\//);

  // Staff cancel it from the order's back-office page, with a reason.
  const staff = await browser.newContext({ baseURL: baseURL!, storageState: await staffStorageState(playwright, baseURL!) });
  await staff.addCookies([{ name: "reloop-language", value: "de", url: baseURL! }]);
  const ops = await staff.newPage();
  await ops.goto(`/ops/orders/${order.orderUuid}`);
  await expect(ops.getByRole("heading", { level: 1, name: `Bestellung ${order.number}` })).toBeVisible();
  await hydrated(ops);
  await ops.getByText("Bestellung stornieren …").click();
  await ops.getByLabel("Grund").fill("Gerät beim Verpacken beschädigt");
  await ops.getByRole("button", { name: "Bestellung stornieren", exact: true }).click();
  await expect(ops.getByTestId("order-timeline").or(ops.getByRole("list", { name: /Verlauf/ }))).toContainText(/[Ss]torniert/);

  // The customer's order page says cancelled and how much came back; the cancellation mail names the refund.
  await page.goto(`/my/orders/${order.orderUuid}`);
  await expect(page.getByTestId("order-status")).toHaveText("Storniert");
  await expect(page.getByTestId("order-refunded")).toContainText(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(order.totalPrice.amount / 100).replace(/\u00a0/g, " ").slice(0, -2));
  const mail = await mailTo(email, /storniert/);
  expect(mail.subject).toBe(`Deine Bestellung ${order.number} ist storniert`);
  expect(mail.text.replace(/\u00a0/g, " ")).toContain(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(order.totalPrice.amount / 100).replace(/\u00a0/g, " "));
});
