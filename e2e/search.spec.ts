import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test, keepScreenshot } from "./fixtures.ts";

test.describe("search", () => {
  test("typing in the header's overlay with the keyboard reaches a product", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator("#site-search").focus();
    const field = page.getByRole("combobox", { name: "Produkte suchen" });
    await expect(field).toBeFocused();
    await page.keyboard.type("ip");
    // Two characters ask for nothing.
    await expect(page.getByTestId("search-overlay")).toBeHidden();
    await page.keyboard.type("hone");
    const listbox = page.getByRole("listbox", { name: "Suchvorschläge" });
    await expect(listbox.getByRole("option").filter({ hasText: /^iphone$/ })).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    const products = listbox.getByRole("option").filter({ has: page.locator("img") });
    await expect(products.first()).toBeVisible();
    expect(await products.count()).toBeLessThanOrEqual(6);
    await expectNoAxeViolations(page, "header");
    // Up from the field wraps to the last option: a product.
    await page.keyboard.press("ArrowUp");
    const last = products.last();
    await expect(last).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await last.getAttribute("id"))!);
    const name = (await last.locator("span.line-clamp-2").textContent())!;
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("search-overlay")).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByTestId("search-overlay")).toBeVisible();
    // Down reopened it on the first option; up from there wraps to the last.
    await page.keyboard.press("ArrowUp");
    await expect(last).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/i\d+,/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  });

  test("Enter finds on the search page what the overlay offered for an unfinished word", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator("#site-search").focus();
    await page.keyboard.type("ipho");
    const listbox = page.getByRole("listbox", { name: "Suchvorschläge" });
    const offered = listbox.getByRole("option").filter({ has: page.locator("img") });
    await expect(offered.first()).toBeVisible();
    const names = await offered.locator("span.line-clamp-2").allTextContents();
    expect(names.every((n) => /iphone/i.test(n))).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/kaufen\/suchen\?query=ipho$/);
    await expect(page.getByTestId("search-no-results")).toHaveCount(0);
    const results = page.getByRole("list", { name: "Suche" });
    await expect(results.getByRole("listitem").first()).toBeVisible();
    const found = await results.getByRole("listitem").getByRole("heading").allTextContents();
    expect(found.every((n) => /iphone/i.test(n))).toBe(true);
    // The typed part of the word is marked, as in the overlay.
    await expect(results.locator("mark").first()).toHaveText(/^ipho$/i);
    await keepScreenshot(page, { path: `/tmp/shots/search-ipho-${test.info().project.name}.png` });
  });

  test("the search page corrects a typo, marks matches, filters, and a result click carries the search id", async ({ page }) => {
    await page.goto("/kaufen/suchen?query=iphnoe");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("iphone");
    await expect(page.getByText("Statt „iphnoe“ gesucht.")).toBeVisible();
    await expect(page.locator("#site-search")).toHaveValue("iphnoe");
    const results = page.getByRole("list", { name: "Suche" });
    await expect(results.locator("mark").first()).toHaveText(/iphone/i);
    const searchId = (await results.getByRole("link").first().getAttribute("href"))!.split("searchUuid=")[1]!;
    // Phones show the filters behind a button.
    const toggle = page.locator('button[aria-controls="filter-groups"]');
    if (await toggle.isVisible()) await toggle.click();
    await page.locator('input[name="grade"][value="A2"]').check();
    await expect(page).toHaveURL(/query=iphnoe.*grade=A2|grade=A2.*query=iphnoe/);
    // A filter changes the list, not the search: its id stays.
    expect(new URL(page.url()).searchParams.get("searchUuid")).toBe(searchId);
    const click = page.waitForRequest((r) => r.url().endsWith("/api/search/conversion-clicks") && r.method() === "POST");
    const href = (await results.getByRole("link").first().getAttribute("href"))!;
    expect(href).toMatch(/^\/i\d+,[^?]+\?searchUuid=[0-9a-f-]{36}$/);
    expect(href).toContain(searchId);
    await results.getByRole("link").first().click();
    await click;
    await expect(page).toHaveURL(href);
    // The search id goes on into the cart with the product.
    await expect(page.locator('input[name="searchUuid"]').first()).toHaveValue(href.split("=")[1]!);
  });

  test("the overlay shows that it is loading, that nothing matched and that suggestions failed, and scrolls the page to the top", async ({ page }) => {
    await page.goto("/kaufen/elektronik/smartphones");
    await hydrated(page);
    // Held requests show the loading state; a failed one the error, and the search still works.
    const held: (() => void)[] = [];
    // Answers every held request once one has arrived (the overlay asks 250 ms after the last key).
    const release = async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.splice(0).forEach((answer) => answer());
    };
    let fail = false;
    await page.route("**/api/search/suggestions?**", async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await (fail ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ errors: [{ code: "UNAVAILABLE", message: "down" }] }) }) : route.continue());
    });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Focused without scrolling: the overlay, not the focus, brings the page up.
    await page.evaluate(() => document.getElementById("site-search")!.focus({ preventScroll: true }));
    const field = page.getByRole("combobox", { name: "Produkte suchen" });
    await expect(field).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.keyboard.type("qqxzvw");
    const overlay = page.getByTestId("search-overlay");
    await expect(overlay).toContainText("Suche läuft");
    // 250 ms after it opened, the overlay scrolled the page up, so the field stays in view on phones.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await release();
    await expect(overlay).toContainText("Keine Vorschläge");
    fail = true;
    await page.keyboard.type("q");
    await expect(overlay).toContainText("Suche läuft");
    await release();
    await expect(overlay).toContainText("Vorschläge konnten nicht geladen werden");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/query=qqxzvwq/);
  });

  test("no results: a broader query and popular categories", async ({ page }) => {
    await page.goto("/kaufen/suchen?query=qqxzv");
    await expect(page.getByTestId("search-no-results")).toContainText("Keine Treffer für „qqxzv“");
    // The shop says "du", here too.
    await expect(page.getByTestId("search-no-results")).toContainText("Prüf die Schreibweise, nimm ein allgemeineres Wort oder stöbere in unseren Kategorien.");
    // Eight popular categories, each leading to its page.
    const popular = page.getByTestId("search-no-results").getByRole("listitem").getByRole("link");
    await expect(popular).toHaveCount(8);
    const name = (await popular.first().textContent())!;
    await popular.first().click();
    await expect(page).toHaveURL(/\/kaufen\/[a-z0-9-]+\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    // Words that find nothing together: the query without the one that left nothing.
    await page.goto("/kaufen/suchen?query=iphone%20qqxzv");
    await page.getByTestId("search-no-results").getByRole("link", { name: "iphone", exact: true }).click();
    await expect(page).toHaveURL(/query=iphone$/);
    await expect(page.getByRole("list", { name: "Suche" }).getByRole("listitem").first()).toBeVisible();
  });

  test("what is typed while a search's results load stays in the field when they come @same-on-every-screen", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator("#site-search").focus();
    const field = page.getByRole("combobox", { name: "Produkte suchen" });
    await expect(field).toBeFocused();
    // The search page's data is held until the next words are typed.
    const held: (() => void)[] = [];
    await page.route(
      (url) => url.pathname.startsWith("/kaufen/suchen") && url.pathname.endsWith(".data"),
      async (route) => {
        await new Promise<void>((resolve) => held.push(resolve));
        await route.continue();
      },
    );
    await field.fill("iphone");
    await field.press("Enter");
    await expect.poll(() => held.length).toBe(1);
    await field.fill("ipad hülle");
    held.shift()!();
    await expect(page).toHaveURL(/query=iphone$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("iphone");
    await expect(field).toHaveValue("ipad hülle");
    // Searched, the field shows what it searched for, and a later page of results keeps it.
    await field.press("Enter");
    await expect.poll(() => held.length).toBe(1);
    held.shift()!();
    await expect(page).toHaveURL(/query=ipad\+h%C3%BClle$/);
    await expect(field).toHaveValue("ipad hülle");
    await page.unroute(() => true);
  });

  test("history: kept with consent to preferences, offered on focus, removable one by one and all", { tag: "@same-on-every-screen" }, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "reloop-consent", value: "necessary,preferences", url: baseURL! }]);
    await page.goto("/");
    await hydrated(page);
    for (const query of ["macbook", "  MacBook ", "galaxy"]) {
      // The first focus swaps the plain field for the overlay's: typed once that one has the focus.
      await page.locator("#site-search").focus();
      await expect(page.getByRole("combobox", { name: "Produkte suchen" })).toBeFocused();
      await page.locator("#site-search").fill(query);
      await page.locator("#site-search").press("Enter");
      await expect(page).toHaveURL(new RegExp(`query=\\+*${query.trim()}`));
      // The address changes before the results render, and the search page writes its query into the
      // history as it shows: the next search is typed once it has, or that write lands after it.
      await expect(page.getByRole("heading", { level: 1 })).toContainText(query.trim());
      // A search from the plain field loads a new document: the next one is typed once it is live.
      await hydrated(page);
    }
    await page.goto("/");
    await hydrated(page);
    await page.locator("#site-search").focus();
    const history = page.getByRole("listbox", { name: "Suchvorschläge" }).getByRole("option");
    await expect(history).toHaveText([/^galaxy/, /^MacBook/]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Shift+Delete");
    await expect(history).toHaveText([/^MacBook/]);
    await page.getByRole("button", { name: "Verlauf löschen" }).click();
    await expect(history).toHaveCount(0);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the header's plain form searches", async ({ page }) => {
    await page.goto("/");
    await page.locator("#site-search").fill("macbook");
    await page.locator("#site-search").press("Enter");
    await expect(page).toHaveURL(/\/kaufen\/suchen\?query=macbook/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("macbook");
  });
});
