import { axeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";

const pages = ["/", "/kaufen/elektronik/smartphones?grade=A2", "/kaufen/suchen?query=iphone", "/i3,x", "/kaufen/sale", "/kaufen/autorinnen-und-autoren-welt", "/3/product-variant-information", "/checkout/cart", "/verify", "/auth", "/verkaufen/suche", "/verkaufen", "/verkaufen/elektronik/smartphones", "/trade-in/i3,x?switchesOn=yes&fullyWorks=yes&display=light&housing=faint&batteryHealth=no&activationLockRemoved=yes&waterDamage=no&accessories=yes", "/checkout/cart/sell", "/no/such/page"];

for (const path of pages) {
  test(`no accessibility violations or script errors on ${path}`, async ({ page }) => {
    // A text missing in the browser but present on the server shows up as a hydration error here.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}
