import { expectNoAxeViolations } from "./axe.ts";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { PERFECT_DEVICE } from "../src/domain/selling/test-answers.ts";
import { expect, hydrated, mailTo, staffApi, staffStorageState, registeredCustomer, test, screenshotsAtWidths } from "./fixtures.ts";

const BOOKS_CATEGORY_ID = 20;
/** A valid IMEI (its check digit holds), on no block list. */
const IMEI = "490154203237518";
const PHONE_FOUND = {
  powersOn: "yes",
  display: "visible",
  touch: "works",
  cameras: "works",
  buttons: "works",
  ports: "works",
  speakersMicrophone: "works",
  batteryHealthPercent: "92",
  housing: "flawless",
  waterDamage: "no",
  activationLockOff: "yes",
  imei: IMEI,
  dataWipe: "factory-reset",
  accessoriesComplete: "yes",
};

const cookies = (baseURL: string) => [
  { name: "reloop-language", value: "de", url: baseURL },
  { name: "reloop-consent", value: "necessary", url: baseURL },
];

/** A sale through the API in the seller's session: the products at the prices the seller's answers give. */
async function sell(request: APIRequestContext, products: { id: number; answers: Record<string, string> }[], key: string): Promise<{ uuid: string; number: string }> {
  for (const product of products) {
    const offer = await (await request.post(`/api/trade-in/products/${product.id}/offer`, { data: { answers: product.answers } })).json();
    expect((await request.post(`/api/green-cart/items/${product.id}`, { data: { price: offer.price.amount, customerGradingDto: { answers: product.answers } } })).status()).toBe(201);
  }
  const cart = await (await request.get("/api/green-cart")).json();
  const sold = await request.post("/api/green-cart/checkout", {
    headers: { "idempotency-key": key },
    data: {
      termsAccepted: true,
      expectedPayout: cart.totals.payout.amount,
      address: { firstName: "Mia", lastName: "Berger", street: "Lindenallee", houseNumber: "12", postalCode: "50968", city: "Köln", country: "DE" },
      payout: { method: "paypal", email: "mia@example.com" },
    },
  });
  expect(sold.status()).toBe(201);
  const { saleUuid, number } = await sold.json();
  return { uuid: saleUuid, number };
}

async function noAxeViolations(page: Page) {
  await hydrated(page);
  await expectNoAxeViolations(page);
}

/** The page at desktop and tablet width, for a person to look at. */
const screenshots = (page: Page, name: string) => screenshotsAtWidths(page, "back-office-flow", name, [1280, 820]);

/** Fills an item's checklist as grading does: a radio per option list, the fields typed. */
async function fillChecklist(page: Page, answers: Record<string, string>) {
  for (const [check, value] of Object.entries(answers)) {
    const field = page.locator(`input[name="${check}"]`);
    if ((await field.first().getAttribute("type")) === "radio") await page.locator(`input[name="${check}"][value="${value}"]`).check();
    else await field.fill(value);
  }
}

/** Staff open the receiving desk, scan the sale's number and record its parcel. */
async function receive(page: Page, sale: { number: string }) {
  await page.goto("/ops/receiving");
  await hydrated(page);
  await expect(page.getByTestId("scan-field")).toBeFocused();
  await page.getByTestId("scan-field").fill(sale.number);
  await page.getByTestId("scan-field").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/ops/sales/${sale.number}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Verkauf ${sale.number}` })).toBeVisible();
  await expect(page.getByTestId("sale-facts")).toContainText("Paket erwartet");
}

async function staffPage(browser: Browser, playwright: Parameters<typeof staffApi>[0], baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL) });
  await context.addCookies(cookies(baseURL));
  return context.newPage();
}

test("receiving scans a sale and records its parcel, grading inspects blind, the seller accepts the counteroffer; a locked phone is refused", async ({ browser, playwright, baseURL, request }) => {
  test.setTimeout(180_000);
  const email = await registeredCustomer(request, "seller");
  const phone = (await (await request.get("/api/trade-in/search?query=iPhone")).json()).items[0] as { id: number };
  const book = (await (await request.get(`/api/trade-in/search?categoryId=${BOOKS_CATEGORY_ID}&pageSize=24`)).json()).items.sort((a: { maxPayout: number }, b: { maxPayout: number }) => b.maxPayout - a.maxPayout)[0] as { id: number };
  const sale = await sell(
    request,
    [
      { id: phone.id, answers: PERFECT_DEVICE },
      { id: book.id, answers: { mediaComplete: "yes", mediaCondition: "like-new" } },
    ],
    `back-office-flow-${Date.now()}`,
  );
  const staff = await staffApi(playwright, baseURL!);
  const items = (await (await staff.get(`/api/ops/sales/${sale.uuid}`)).json()).items as { uuid: string; questionSet: string; product: { name: string } }[];
  const phoneItem = items.find((i) => i.questionSet === "phone")!;
  const bookItem = items.find((i) => i.questionSet === "media")!;

  const page = await staffPage(browser, playwright, baseURL!);
  // A code that matches no sale is said so, and the parcel is recorded as unmatched.
  const stray = `X-${Date.now()}`;
  await page.goto("/ops/receiving");
  await expect(page.getByRole("heading", { level: 1, name: "Wareneingang" })).toBeVisible();
  await noAxeViolations(page);
  await page.getByTestId("scan-field").fill(stray);
  await page.getByTestId("scan-field").press("Enter");
  await expect(page.getByTestId("unknown-code")).toContainText(`Kein Verkauf zu „${stray}“`);
  await page.getByLabel("Notiz (Absender, Inhalt …)").fill("Ohne Absender");
  await page.getByRole("button", { name: "Als nicht zugeordnetes Paket erfassen" }).click();
  await expect(page.getByText(`Paket „${stray}“ als nicht zugeordnet erfasst.`)).toBeVisible();
  await expect(page.getByTestId("unmatched-parcels")).toContainText(stray);
  await expect(page.getByTestId("ops-sale-list")).toContainText(sale.number);
  await screenshots(page, "receiving");

  // Past the pages' usual body limit, the sale page's form is only staff's.
  const origin = new URL(baseURL!).origin;
  const notStaff = await request.post(`/ops/sales/${sale.number}`, { headers: { origin, "content-type": "multipart/form-data; boundary=x" }, data: "x".repeat(2 * 1024 * 1024), maxRedirects: 0 });
  expect(notStaff.status()).toBe(413);

  await receive(page, sale);
  await noAxeViolations(page);
  await screenshots(page, "sale");
  await page.getByLabel(/^Notiz/).fill("Karton leicht eingedrückt");
  // A photo of the dented box, as a camera gives it: a few MB, more than a page's form usually carries.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#a97", noise: { type: "gaussian", mean: 128, sigma: 50 } } }).png().toBuffer();
  expect(photo.length).toBeGreaterThan(1024 * 1024);
  await page.getByLabel("Fotos von Schäden").setInputFiles({ name: "karton.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Paket eingegangen" }).click();
  await expect(page.getByTestId("sale-received")).toContainText("Karton leicht eingedrückt");
  await expect(page.getByTestId("sale-facts")).toContainText("Eingegangen");
  const thumbnail = page.getByRole("img", { name: "Schadensfoto 1" });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty("naturalWidth", 1200);
  expect((await mailTo(email, /ist angekommen/)).subject).toContain(sale.number);
  // A text file named like a photo is refused at the field; nothing is added.
  await page.getByLabel("Fotos von Schäden").setInputFiles({ name: "notiz.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Nur Text, kein Foto.") });
  await page.getByRole("button", { name: "Fotos hinzufügen" }).click();
  await expect(page.getByTestId("add-photos-field").getByTestId("photo-problem")).toHaveText("„notiz.jpg“ ist kein Foto (JPEG, PNG, WebP oder AVIF). Es wurde nichts gespeichert.");
  await expect(page.getByTestId("sale-photos").getByRole("img")).toHaveCount(1);
  await noAxeViolations(page);
  await screenshots(page, "sale-photos");
  // Taken by mistake: removed again.
  await page.getByRole("button", { name: "Löschen: Schadensfoto 1" }).click();
  await expect(page.getByTestId("photos-empty")).toHaveText("Noch keine Fotos.");
  await page.getByLabel("Fotos von Schäden").setInputFiles({ name: "karton.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Fotos hinzufügen" }).click();
  await expect(page.getByRole("img", { name: "Schadensfoto 1" })).toHaveJSProperty("naturalWidth", 1200);

  // The phone: one check left out first; every other answer stays, the missing one is named.
  await page.getByRole("link", { name: `Prüfen: ${phoneItem.product.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Prüfung: ${phoneItem.product.name}` })).toBeVisible();
  await noAxeViolations(page);
  const { dataWipe, ...withoutWipe } = PHONE_FOUND;
  await fillChecklist(page, withoutWipe);
  await page.getByRole("button", { name: "Prüfung speichern" }).click();
  await expect(page.getByTestId("inspection-problems")).toContainText("Datenlöschung: Bitte eine Antwort wählen.");
  await expect(page.getByTestId("check-dataWipe")).toContainText("Bitte eine Antwort wählen.");
  await expect(page.locator('input[name="display"][value="visible"]')).toBeChecked();
  await expect(page.locator('input[name="imei"]')).toHaveValue(IMEI);
  await expect(page.locator('input[name="batteryHealthPercent"]')).toHaveValue("92");
  await noAxeViolations(page);
  await screenshots(page, "inspection-refused");
  await page.locator(`input[name="dataWipe"][value="${dataWipe}"]`).check();
  await page.getByRole("button", { name: "Prüfung speichern" }).click();
  await expect(page.getByTestId("inspection-saved")).toHaveText("Prüfung gespeichert.");
  const result = page.getByTestId("inspection-result");
  await expect(result.getByTestId("outcome-badge")).toHaveText("Neues Angebot");
  await expect(page.getByTestId("inspection-reasons")).toContainText("Wie sieht das Display aus?");
  await expect(page.getByTestId("seller-answers")).toContainText("Wie neu");
  await expect(page.getByTestId("found-answers")).toContainText("Sichtbare Spuren");
  await screenshots(page, "inspection-result");

  // The book, as fine as said: the last item decides the sale.
  await page.getByRole("link", { name: `Nächster Artikel: ${bookItem.product.name}` }).click();
  await fillChecklist(page, { discMatchesCover: "yes", mediaComplete: "yes", mediaCondition: "like-new" });
  await page.getByRole("button", { name: "Prüfung speichern" }).click();
  await expect(page.getByTestId("inspection-saved")).toContainText("der Verkauf steht jetzt auf „Neues Angebot“");
  await expect(page.getByTestId("inspection-result").getByTestId("outcome-badge")).toHaveText("Angenommen");

  // Every step is in the audit log, found by its entity.
  for (const [entity, action] of [
    [sale.uuid, "sale.receive"],
    [sale.uuid, "sale.photo_added"],
    [sale.uuid, "sale.photo_removed"],
    [phoneItem.uuid, "sale.item_inspect"],
    [bookItem.uuid, "sale.item_inspect"],
  ] as const) {
    await page.goto(`/ops/audit?entityId=${entity}`);
    await expect(page.getByTestId("audit-entries")).toContainText(action);
  }

  // The seller sees the counteroffer and accepts it.
  const seller = await browser.newContext({ baseURL: baseURL!, storageState: await request.storageState() });
  await seller.addCookies(cookies(baseURL!));
  const sellerPage = await seller.newPage();
  await sellerPage.goto(`/my/sales/${sale.uuid}`);
  await expect(sellerPage.getByTestId("counteroffer")).toContainText(phoneItem.product.name);
  await hydrated(sellerPage);
  await sellerPage.getByRole("button", { name: "Neues Angebot annehmen" }).click();
  await expect(sellerPage.getByTestId("counteroffer")).toHaveCount(0);
  await page.goto(`/ops/sales/${sale.number}`);
  await expect(page.getByTestId("sale-facts")).toContainText("Angebot bestätigt");

  // A second sale: a phone whose activation lock is still on is refused.
  const locked = await sell(request, [{ id: phone.id, answers: PERFECT_DEVICE }], `back-office-flow-locked-${Date.now()}`);
  await receive(page, locked);
  await page.getByRole("button", { name: "Paket eingegangen" }).click();
  await expect(page.getByTestId("sale-received")).toBeVisible();
  await page.getByRole("link", { name: /^Prüfen: / }).click();
  await fillChecklist(page, { ...PHONE_FOUND, display: "flawless", activationLockOff: "no" });
  await page.getByRole("button", { name: "Prüfung speichern" }).click();
  await expect(page.getByTestId("inspection-result").getByTestId("outcome-badge")).toHaveText("Abgelehnt");
  await expect(page.getByTestId("inspection-reasons")).toContainText("Aktivierungssperre noch aktiv");
  const lockedItem = (await (await staff.get(`/api/ops/sales/${locked.uuid}`)).json()).items[0] as { uuid: string };
  await page.goto(`/ops/audit?entityId=${lockedItem.uuid}`);
  await expect(page.getByTestId("audit-entries")).toContainText(`"outcome":"refuse"`);
});
