import AxeBuilder from "@axe-core/playwright";
import { DEMO_STAFF } from "../src/demo-data/demo-customer.ts";
import { totpCode } from "../src/test/staff-session.ts";
import { expect, hydrated, logInAsDemoCustomer, test } from "./fixtures.ts";

test.describe("the back-office's door", () => {
  test("staff give their TOTP code after the password, then reach the page they asked for", async ({ page }) => {
    expect((await page.request.post("/api/customer/login", { data: { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } } })).status()).toBe(200);
    await page.goto("/ops/content?type=legal");
    await expect(page).toHaveURL(/\/ops\/second-factor\?next=%2Fops%2Fcontent%3Ftype%3Dlegal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Zweiter Faktor" })).toBeVisible();
    await hydrated(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    const code = page.getByLabel("Sechsstelliger Code");
    // A wrong code says so, on the same page.
    const right = await totpCode(DEMO_STAFF.totpSecret);
    await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByText("Dieser Code stimmt nicht oder wurde schon verwendet")).toBeVisible();

    // This step's code may have been taken by another login of the run: the next step's is accepted too.
    for (const ahead of [0, 30_000]) {
      await code.fill(await totpCode(DEMO_STAFF.totpSecret, new Date(Date.now() + ahead)));
      await page.getByRole("button", { name: "Bestätigen" }).click();
      if (await page.waitForURL(/\/ops\/content\?type=legal$/, { timeout: 3_000 }).then(() => true, () => false)) break;
    }
    await expect(page).toHaveURL(/\/ops\/content\?type=legal$/);
    await expect(page.getByTestId("content-list")).toBeVisible();
  });

  test("does not exist for a customer", async ({ page }) => {
    await logInAsDemoCustomer(page);
    for (const path of ["/ops/second-factor", "/ops/content"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});
