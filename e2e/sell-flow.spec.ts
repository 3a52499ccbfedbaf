import type { APIRequestContext, Page } from "@playwright/test";
import { PERFECT_DEVICE as PERFECT_PHONE } from "../src/domain/selling/test-answers.ts";
import { expect, hydrated, logInAsDemoCustomer, mailTo, staffApi, test, keepScreenshot } from "./fixtures.ts";

const BOOKS_CATEGORY_ID = 20;
const LAPTOPS_CATEGORY_ID = 12;

interface SellItem {
  id: number;
  slug: string;
  name: string;
  maxPayout: number;
}
async function sellable(request: APIRequestContext, query: string): Promise<SellItem[]> {
  const res = await request.get(`/api/trade-in/search?${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

/** Answers the condition questions as a person does; the offer follows the last answer. */
async function answer(page: Page, answers: Record<string, string>) {
  await hydrated(page);
  for (const [question, option] of Object.entries(answers)) await page.locator(`input[name="${question}"][value="${option}"]`).check();
  await expect(page.getByTestId("trade-in-offer")).toBeVisible();
}

async function offerToCart(page: Page, item: SellItem, answers: Record<string, string>) {
  await page.goto(`/trade-in/i${item.id},${item.slug}`);
  await answer(page, answers);
  await page.getByRole("button", { name: "In den Verkaufskorb" }).click();
  await expect(page).toHaveURL(/\/checkout\/cart\/sell$/);
}

/** A sale of the phone through the API, in the browser's session, taken to a counteroffer by staff (at half the price). */
async function counteredSale(page: Page, staff: APIRequestContext, phone: SellItem, key: string): Promise<string> {
  const offer = await (await page.request.post(`/api/trade-in/products/${phone.id}/offer`, { data: { answers: PERFECT_PHONE } })).json();
  expect((await page.request.post(`/api/green-cart/items/${phone.id}`, { data: { price: offer.price.amount, customerGradingDto: { answers: PERFECT_PHONE } } })).status()).toBe(201);
  const cart = await (await page.request.get("/api/green-cart")).json();
  const sold = await page.request.post("/api/green-cart/checkout", {
    headers: { "idempotency-key": key },
    data: {
      termsAccepted: true,
      expectedPayout: cart.totals.payout.amount,
      address: { firstName: "Jonas", lastName: "Weber", street: "Lindenallee", houseNumber: "12", postalCode: "50968", city: "Köln", country: "DE" },
      payout: { method: "paypal", email: "demo@reloop.local" },
    },
  });
  expect(sold.status()).toBe(201);
  const { saleUuid } = await sold.json();
  const sale = await (await page.request.get(`/api/sales/${saleUuid}`)).json();
  for (const type of ["parcel_received", "inspection_started"]) expect((await staff.post(`/api/ops/sales/${saleUuid}/events`, { data: { type } })).status()).toBe(200);
  const made = await staff.post(`/api/ops/sales/${saleUuid}/events`, {
    data: { type: "counteroffer_made", counteroffer: [{ itemUuid: sale.items[0].uuid, grade: "A3", price: Math.floor(offer.price.amount / 2), reason: "Tiefe Kratzer auf der Rückseite" }] },
  });
  expect(made.status()).toBe(200);
  return saleUuid as string;
}

test.describe("selling", () => {
  test("sells a phone and two books: questions, offer, sell cart, login, payout, label", async ({ page, request }) => {
    // The phone is found as a seller finds it: search, then "sell now".
    await page.goto("/verkaufen");
    await expect(page.getByRole("heading", { level: 1, name: "Verkaufe, was du nicht mehr brauchst" })).toBeVisible();
    await page.goto("/verkaufen/suche?query=iPhone");
    await page.getByRole("list", { name: "Geräte, die wir ankaufen" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/trade-in\/i\d+,/);
    await answer(page, { ...PERFECT_PHONE, display: "light" });
    const offer = page.getByTestId("trade-in-offer");
    await expect(offer).toContainText("Dein Angebot");
    await expect(offer).toContainText("Gut");
    await page.getByRole("button", { name: "In den Verkaufskorb" }).click();
    await expect(page).toHaveURL(/\/checkout\/cart\/sell$/);
    await expect(page.getByText("Dein Angebot liegt jetzt in deinem Verkaufskorb.")).toBeVisible();

    const books = await sellable(request, `categoryId=${BOOKS_CATEGORY_ID}&pageSize=24`);
    for (const book of books.slice(0, 2)) await offerToCart(page, book, { mediaComplete: "yes", mediaCondition: "like-new" });
    await expect(page.getByTestId("sell-cart-item")).toHaveCount(3);
    const payout = /Deine Auszahlung\s*([\d.,]+\s€)/.exec((await page.getByTestId("sell-totals").textContent())!.replace(/\u00a0/g, " "))![1]!;

    // Checkout needs an account: the login page brings the seller back.
    await page.getByRole("link", { name: "Weiter zu Auszahlung und Versand" }).click();
    await expect(page).toHaveURL(/\/auth\?/);
    const login = page.getByRole("region", { name: "Ich habe ein Konto" });
    await login.getByLabel("E-Mail-Adresse").fill("demo@reloop.local");
    await login.getByLabel("Passwort").fill("reloop-demo");
    await login.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/checkout\/sell$/);
    await hydrated(page);

    const fill = (name: string, value: string) => page.locator(`[name="sender.${name}"]`).fill(value);
    await fill("firstName", "Jonas");
    await fill("lastName", "Weber");
    await fill("street", "Lindenallee");
    await fill("houseNumber", "12");
    await fill("postalCode", "50968");
    await fill("city", "Köln");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await page.getByLabel("Kontoinhaber").fill("Jonas Weber");
    await page.getByLabel(/Ankaufsbedingungen/).check();
    await page.getByRole("button", { name: "Jetzt verkaufen" }).click();
    // A mistyped IBAN is caught, and nothing typed is lost.
    await expect(page.getByText("Diese IBAN ist ungültig", { exact: false })).toBeVisible();
    await expect(page.locator('[name="sender.city"]')).toHaveValue("Köln");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await page.getByLabel(/Ankaufsbedingungen/).check();
    await page.getByRole("button", { name: "Jetzt verkaufen" }).click();

    await expect(page).toHaveURL(/\/checkout\/sell\/done\//);
    await expect(page.getByRole("heading", { name: "Danke – dein Verkauf ist bestätigt" })).toBeVisible();
    const number = /S-\d{7}/.exec((await page.locator("main").textContent())!)![0];
    const label = await page.request.get((await page.getByTestId("label-link").getAttribute("href"))!);
    expect(label.status()).toBe(200);
    expect(label.headers()["content-type"]).toBe("application/pdf");
    expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const mail = await mailTo("demo@reloop.local", new RegExp(number));
    expect(mail.subject).toContain("Versandetikett");

    await page.getByRole("link", { name: "Verkauf verfolgen" }).click();
    await expect(page.getByTestId("sale-status")).toHaveText("Wartet auf dein Paket");
    await expect(page.locator("main")).toContainText(payout.replace(" ", "\u00a0"));
    await page.goto("/my/sales");
    await expect(page.getByTestId("sale-list")).toContainText(number);
    await page.goto("/checkout/cart/sell");
    await expect(page.getByText("Dein Verkaufskorb ist leer")).toBeVisible();
  });

  test("explains each reason the sell cart cannot be checked out yet", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const [cheapest] = (await sellable(request, `categoryId=${BOOKS_CATEGORY_ID}&pageSize=24`)).sort((a, b) => a.maxPayout - b.maxPayout);
    await offerToCart(page, cheapest!, { mediaComplete: "yes", mediaCondition: "acceptable" });
    await expect(page.getByTestId("prepare-errors")).toContainText("Ein Verkauf muss mindestens 10,00 € wert sein");
    await expect(page.getByRole("link", { name: "Weiter zu Auszahlung und Versand" })).toHaveCount(0);
    await page.getByRole("button", { name: "Expressprüfung hinzufügen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Expressprüfung" })).toBeVisible();

    // A laptop worth more than Hermes insures: the carrier does not fit, and express does not go with media.
    const [laptop] = (await sellable(request, `categoryId=${LAPTOPS_CATEGORY_ID}&pageSize=24`)).filter((l) => l.maxPayout > 50_000);
    await page.getByRole("button", { name: "Entfernen" }).first().click();
    await expect(page.getByText("Dein Verkaufskorb ist leer")).toBeVisible();
    await offerToCart(page, laptop!, PERFECT_PHONE);
    await hydrated(page);
    await page.getByRole("button", { name: "Expressprüfung hinzufügen" }).click();
    await expect(page.getByRole("button", { name: "Expressprüfung entfernen" })).toBeVisible();
    await page.getByLabel(/^Hermes/).check();
    await expect(page.getByTestId("prepare-errors")).toContainText("Hermes kann ein Paket mit diesem Wert nicht versichern");
    await offerToCart(page, cheapest!, { mediaComplete: "yes", mediaCondition: "acceptable" });
    const errors = page.getByTestId("prepare-errors");
    await expect(errors).toContainText("Hermes kann ein Paket");
    await expect(errors).toContainText("Die Expressprüfung gilt nur für Geräte");
    await page.getByLabel(/^DHL/).check();
    await page.getByRole("button", { name: "Expressprüfung entfernen" }).click();
    await expect(page.getByTestId("prepare-errors")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Weiter zu Auszahlung und Versand" })).toBeVisible();
  });

  test("edits an offer's answers from the sell cart", { tag: "@same-on-every-screen" }, async ({ page, request }) => {
    const [phone] = await sellable(request, "query=iPhone");
    await offerToCart(page, phone!, PERFECT_PHONE);
    const item = page.getByTestId("sell-cart-item");
    await expect(item).toContainText("Wie neu");
    const before = (await item.textContent())!;
    await item.getByRole("link", { name: "Antworten ändern" }).click();
    await expect(page).toHaveURL(/editId=/);
    await expect(page.locator('input[name="housing"][value="flawless"]')).toBeChecked();
    await hydrated(page);
    await page.locator('input[name="housing"][value="heavy"]').check();
    await expect(page.getByTestId("trade-in-offer")).toContainText("Stark gebraucht");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page).toHaveURL(/\/checkout\/cart\/sell$/);
    await expect(page.getByTestId("sell-cart-item")).toHaveCount(1);
    await expect(page.getByTestId("sell-cart-item")).toContainText("Stark gebraucht");
    expect(await page.getByTestId("sell-cart-item").textContent()).not.toBe(before);
  });

  test("answers counteroffers: accepting settles the sale, declining sends it back", async ({ page, playwright, baseURL }) => {
    await logInAsDemoCustomer(page);
    const [phone] = await sellable(page.request, "query=Galaxy");
    const staff = await staffApi(playwright, baseURL!);

    const countered = (key: string) => counteredSale(page, staff, phone!, key);
    const accepted = await countered(`e2e-counter-accept-${Date.now()}`);
    await page.goto(`/my/sales/${accepted}`);
    const counteroffer = page.getByTestId("counteroffer");
    await expect(counteroffer).toContainText("Tiefe Kratzer auf der Rückseite");
    await counteroffer.getByRole("button", { name: "Neues Angebot annehmen" }).click();
    await expect(page.getByTestId("sale-status")).toHaveText("Angebot bestätigt");
    await expect(page.getByTestId("counteroffer")).toHaveCount(0);

    const declined = await countered(`e2e-counter-decline-${Date.now()}`);
    await page.goto(`/my/sales/${declined}`);
    await page.getByTestId("counteroffer").getByRole("button", { name: "Ablehnen und zurückbekommen" }).click();
    await expect(page.getByTestId("sale-status")).toHaveText("An dich zurückgeschickt");
    await staff.dispose();
  });

  test("on a phone, a toast never covers \"Weiter zu Auszahlung und Versand\", and the sale's progress labels stand apart", async ({ page, playwright, baseURL }) => {
    if (test.info().project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
    const [phone] = await sellable(page.request, "query=Galaxy");
    await offerToCart(page, phone!, PERFECT_PHONE);
    const toast = page.getByRole("status").filter({ hasText: "Dein Angebot liegt jetzt in deinem Verkaufskorb." });
    await expect(toast).toBeVisible();
    const next = page.getByRole("link", { name: "Weiter zu Auszahlung und Versand" });
    // Scrolled as a person scrolls to it: the link at the screen's lower edge, where toasts appear.
    await next.evaluate((link) => link.scrollIntoView({ block: "end" }));
    await expect(async () => {
      const [a, b] = [(await toast.boundingBox())!, (await next.boundingBox())!];
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
    }).toPass({ timeout: 3_000 });
    await keepScreenshot(page, { path: `/tmp/shots/sell-cart-toast-${test.info().project.name}.png` });
    await next.click();
    await expect(page).toHaveURL(/\/auth\?|\/checkout\/sell$/);

    await logInAsDemoCustomer(page);
    const staff = await staffApi(playwright, baseURL!);
    const saleUuid = await counteredSale(page, staff, phone!, `e2e-progress-${test.info().project.name}-${Date.now()}`);
    await page.goto(`/my/sales/${saleUuid}`);
    const steps = page.getByTestId("sale-progress").getByRole("listitem");
    await expect(steps).toHaveCount(5);
    // No label runs out of its step into the next one.
    for (const step of await steps.all()) expect(await step.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true);
    const boxes = await Promise.all((await steps.all()).map(async (step) => (await step.boundingBox())!));
    for (let i = 1; i < boxes.length; i += 1) {
      const [a, b] = [boxes[i - 1]!, boxes[i]!];
      expect(a.x + a.width <= b.x + 0.5 || a.y + a.height <= b.y + 0.5, `step ${i} and ${i + 1} overlap`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A signed-in header (with the alerts bell) keeps logo and icons on one row.
    const header = page.getByRole("banner");
    const [logo, cart] = [(await header.getByRole("link", { name: "reloop", exact: true }).boundingBox())!, (await header.getByRole("link", { name: /^Warenkorb/ }).boundingBox())!];
    expect(Math.abs(logo.y + logo.height / 2 - (cart.y + cart.height / 2))).toBeLessThan(8);
    await keepScreenshot(page, { path: `/tmp/shots/sale-progress-${test.info().project.name}.png`, fullPage: true });
    await staff.dispose();
  });

  test("a seller's sale adds up: one item counts one, an open counteroffer leaves the items at the payout shown, and each step mails", { tag: "@same-on-every-screen" }, async ({ page, playwright, baseURL }) => {
    // The mail jobs run one after another (the label's first): four mails take a while.
    test.setTimeout(60_000);
    // A seller of their own, so the sale holds exactly one item.
    const email = `seller-${test.info().project.name}-${Date.now()}@example.com`;
    const password = "a-long-enough-password-1";
    expect((await page.request.post("/api/customer/registrations", { data: { email, password, locale: "de" } })).status()).toBeLessThan(300);
    expect((await page.request.post("/api/customer/login", { data: { credentials: { email, password } } })).status()).toBe(200);
    const staff = await staffApi(playwright, baseURL!);
    const [phone] = await sellable(page.request, "query=Galaxy");
    const saleUuid = await counteredSale(page, staff, phone!, `e2e-adds-up-${test.info().project.name}-${Date.now()}`);
    const { number, items, counteroffer } = await (await page.request.get(`/api/sales/${saleUuid}`)).json();
    expect(items).toHaveLength(1);

    // The parcel's arrival and the start of the inspection mail the seller too, like every other step.
    expect((await mailTo(email, /ist angekommen/)).subject).toBe(`Dein Paket zum Verkauf ${number} ist angekommen`);
    const inspection = await mailTo(email, /Wir prüfen deine Artikel/);
    expect(inspection.subject).toBe(`Dein Verkauf ${number}: Wir prüfen deine Artikel`);
    expect(inspection.text).toContain("wir haben mit der Prüfung deines Artikels begonnen.");

    await page.goto("/my/sales");
    await expect(page.getByTestId("sale-list").getByRole("listitem").filter({ hasText: number })).toContainText("1 Artikel");

    await page.goto(`/my/sales/${saleUuid}`);
    await hydrated(page);
    const euro = (cents: number) => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);
    const item = page.getByTestId("sale-item");
    const payout = page.getByTestId("sale-payout");
    // While the counteroffer is open, the item keeps the price the payout is made of; the new one is in the counteroffer.
    await expect(item).toContainText(euro(items[0].price.amount));
    await expect(payout).toContainText(euro(items[0].price.amount));
    await expect(page.getByTestId("counteroffer")).toContainText(euro(counteroffer.payout.amount));
    await keepScreenshot(page, { path: `/tmp/shots/sale-counteroffer-${test.info().project.name}.png`, fullPage: true });
    await page.getByTestId("counteroffer").getByRole("button", { name: "Neues Angebot annehmen" }).click();
    await expect(page.getByTestId("sale-status")).toHaveText("Angebot bestätigt");
    // Accepted: both at the new price.
    await expect(item).toContainText(euro(items[0].counteroffer.price.amount));
    await expect(payout).toContainText(euro(counteroffer.payout.amount));
    await staff.dispose();
  });
});
