import { expect, hydrated, logInAsDemoCustomer, staffApi, test } from "./fixtures.ts";

test.describe("writing a review", () => {
  test("a customer writes a review; it appears on the product once staff approved it, its text inert", async ({ page, playwright, baseURL }) => {
    // Each browser project its own product: the projects run one after the other on one server.
    const productId = test.info().project.name === "mobile" ? 31 : 32;
    const dialogs: string[] = [];
    // A text missing in the browser but present on the server shows up as a hydration error here.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/write-review/${productId}/x`);
    await expect(page).toHaveURL(/\/auth\?/);
    await logInAsDemoCustomer(page);
    await page.goto(`/write-review/${productId}/x`);
    await hydrated(page);
    const title = `<script>alert("title")</script> Top ${productId}`;
    await page.locator('input[name="rating"][value="4"]').check();
    await page.locator('input[name="title"]').fill(title);
    // Too short first: the error says so, and nothing typed is lost.
    await page.locator('textarea[name="text"]').fill("Kurz.");
    await page.getByRole("button", { name: "Bewertung absenden" }).click();
    await expect(page.locator('textarea[name="text"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('input[name="title"]')).toHaveValue(title);
    const text = `Läuft wie neu. <img src=x onerror="alert('text')"> <a href="javascript:alert('link')">Link</a>`;
    await page.locator('textarea[name="text"]').fill(text);
    await page.locator('select[name="variant"]').selectOption("A1");
    await page.getByRole("button", { name: "Bewertung absenden" }).click();
    await expect(page.getByTestId("own-review")).toContainText(text);

    const staff = await staffApi(playwright, baseURL!);
    await page.goto(`/i${productId},x`);
    await expect(page.locator("#reviews")).not.toContainText(title);
    const { reviews } = await (await staff.get("/api/ops/reviews/pending")).json();
    const mine = reviews.find((r: { title: string }) => r.title === title);
    expect((await staff.post(`/api/ops/reviews/${mine.id}/approve`)).status()).toBe(200);
    await staff.dispose();

    await page.goto(`/i${productId},x`);
    const section = page.locator("#reviews");
    await expect(section).toContainText(title);
    await expect(section).toContainText("Läuft wie neu. <img src=x");
    await expect(section.locator("img[src='x'], a[href^='javascript:']")).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.goto(`/write-review/${productId}/x`);
    await expect(page.getByTestId("own-review")).toBeVisible();
  });
});
