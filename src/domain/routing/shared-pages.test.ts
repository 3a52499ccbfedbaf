import { describe, expect, it } from "vitest";
import { sharedWithEveryone } from "./shared-pages.ts";

describe("pages shared with everyone", () => {
  it("are the storefront's pages in every language", () => {
    for (const path of ["/", "/i42,apple-iphone-13", "/kaufen/smartphones", "/buy/search", "/acheter/sale", "/verkaufen", "/sell/smartphones/apple", "/omg/black-friday", "/tips-and-news/c/repair", "/legal/terms", "/s/about-us", "/warranty"]) {
      expect(sharedWithEveryone(path), path).toBe(true);
    }
  });

  it("are not the pages personal by nature, nor a product's sub-pages", () => {
    for (const path of ["/my", "/my/orders/x", "/checkout/cart", "/checkout/cart/sell", "/ops", "/ops/units", "/wishlist", "/buy-alerts", "/auth", "/write-review/1/x", "/trade-in/i42,x", "/i42,apple-iphone-13/wristband", "/recommendations/viewed", "/logout", "/unknown-page", "/kaufenx"]) {
      expect(sharedWithEveryone(path), path).toBe(false);
    }
  });
});
