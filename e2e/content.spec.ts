import { expectNoAxeViolations } from "./axe.ts";
import type { Page } from "@playwright/test";
import { expect, hydrated, logInAsDemoCustomer, staffStorageState, test } from "./fixtures.ts";


/** JSON-LD types in the page's head. */
async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
}

const PAGES = {
  de: [
    { path: "/tips-and-news", h1: "Tipps & News" },
    { path: "/tips-and-news/c/sustainability", h1: "Nachhaltigkeit" },
    { path: "/tips-and-news/gebrauchtes-smartphone-pruefen", h1: "So prüfst du ein gebrauchtes Smartphone in fünf Minuten", article: true },
    { path: "/legal/terms-and-conditions", h1: "Allgemeine Geschäftsbedingungen" },
    { path: "/legal/imprint", h1: "Impressum" },
    { path: "/s/ueber-uns", h1: "Über Reloop" },
    { path: "/warranty", h1: "12 Monate Garantie" },
  ],
  en: [
    { path: "/tips-and-news", h1: "Tips & news" },
    { path: "/tips-and-news/c/guides", h1: "Guides" },
    { path: "/tips-and-news/check-a-used-smartphone", h1: "How to check a used smartphone in five minutes", article: true },
    { path: "/legal/privacy-policy", h1: "Privacy policy" },
    { path: "/legal/privacy-policy-apps", h1: "Privacy policy for the apps" },
    { path: "/s/shipping-and-returns", h1: "Shipping and returns" },
    { path: "/warranty", h1: "12-month warranty" },
  ],
} as const;

test.describe("content pages", () => {
  for (const [language, pages] of Object.entries(PAGES)) {
    test(`blog, legal texts, static pages and the warranty page read in ${language}, with their head and without accessibility violations`, async ({ page, context, baseURL }) => {
      // Seven pages, each checked by axe.
      test.setTimeout(90_000);
      await context.addCookies([{ name: "reloop-language", value: language, url: baseURL! }]);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      for (const { path, h1, ...rest } of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
        expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBeGreaterThan(0);
        const types = await jsonLdTypes(page);
        expect(types).toContain("BreadcrumbList");
        if ("article" in rest) {
          expect(types).toContain("Article");
          await expect(page.getByTestId("article-meta")).toContainText(/\d/);
          await expect(page.getByRole("heading", { level: 2 }).last()).toBeVisible();
        }
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
    });
  }

  test("the blog pages through its articles, the footer links the texts, and an unknown legal type is not found", async ({ page }) => {
    await page.goto("/tips-and-news");
    await expect(page.getByTestId("blog-list").getByRole("listitem")).toHaveCount(5);
    await page.getByRole("link", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("blog-list").getByRole("listitem")).toHaveCount(1);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Impressum" })).toHaveAttribute("href", "/legal/imprint");
    await expect(footer.getByRole("link", { name: "Garantie" })).toHaveAttribute("href", "/warranty");
    await expect(footer.getByRole("link", { name: "Tipps & News" })).toHaveAttribute("href", "/tips-and-news");
    expect((await page.goto("/legal/cookie-policy"))?.status()).toBe(404);
    expect((await page.goto("/tips-and-news/no-such-article"))?.status()).toBe(404);
  });
});

test.describe("editing content", () => {
  test("staff edit a legal text and a blog post with a live preview; the change shows at once, and a customer cannot reach the editor", async ({ page, browser, playwright, baseURL }) => {
    const run = `${test.info().project.name}-${Date.now()}`;
    const staffContext = await browser.newContext({ baseURL: baseURL!, storageState: await staffStorageState(playwright, baseURL!) });
    await staffContext.addCookies([
      { name: "reloop-language", value: "de", url: baseURL! },
      { name: "reloop-consent", value: "necessary", url: baseURL! },
    ]);
    const staff = await staffContext.newPage();
    const dialogs: string[] = [];
    staff.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // The legal text.
    await staff.goto("/ops/content?type=legal");
    await hydrated(staff);
    await staff.getByRole("row").filter({ hasText: "imprint" }).getByRole("link").click();
    await staff.getByRole("link", { name: "de", exact: true }).click();
    await expect(staff).toHaveURL(/lang=de/);
    await hydrated(staff);
    const body = staff.locator("textarea[name=body]");
    const addition = `Aufsichtsbehörde ${run}: IHK Köln <script>alert(1)</script> [klick](javascript:alert(2))`;
    await body.fill(`${await body.inputValue()}\n\n${addition}`);
    const preview = staff.getByTestId("preview");
    await expect(preview).toContainText(`Aufsichtsbehörde ${run}`);
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview.locator("script, a[href^='javascript:']")).toHaveCount(0);
    await expectNoAxeViolations(staff);
    await staff.locator("button[name=intent][value=save]").click();
    await expect(staff.getByRole("status")).toBeVisible();
    await expect(staff.getByTestId("history").getByRole("listitem").first()).toContainText("staff@reloop.local");
    await expect(staff.getByTestId("history").getByRole("listitem").first()).toContainText("de.body");

    // A blog post.
    await staff.goto("/ops/content?type=article");
    await staff.getByRole("row").filter({ hasText: "battery-care" }).getByRole("link").click();
    await staff.getByRole("link", { name: "de", exact: true }).click();
    await expect(staff).toHaveURL(/lang=de/);
    await hydrated(staff);
    const title = `Akku-Pflege ${run}`;
    await staff.locator("input[name=title]").fill(title);
    await staff.locator("button[name=intent][value=save]").click();
    await expect(staff.getByRole("status")).toBeVisible();
    await staffContext.close();

    // The customer sees both at once, and the editor does not exist for them.
    await logInAsDemoCustomer(page);
    await page.goto("/legal/imprint");
    const text = page.locator("article");
    await expect(text).toContainText(`Aufsichtsbehörde ${run}: IHK Köln <script>alert(1)</script>`);
    await expect(text.locator("script, a[href^='javascript:']")).toHaveCount(0);
    await page.goto("/tips-and-news/akku-pflege");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect((await page.goto("/ops/content"))?.status()).toBe(404);
    expect((await page.goto("/ops/content/1"))?.status()).toBe(404);
    expect(dialogs).toEqual([]);
  });
});
