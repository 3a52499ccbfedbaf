import { describe, expect, it } from "vitest";
import type { NavigationService } from "../navigation/service.ts";
import type { ProductRepository } from "./repository.ts";
import { createProductService, PRODUCT_VIEW_TTL_MS } from "./service.ts";

/** A repository of one product (id 1) that counts how often it is read and names the product after the read. */
function countingRepository() {
  const calls = { product: 0 };
  const repo = {
    async product(id: number) {
      if (id !== 1) return undefined;
      calls.product++;
      const product = {
        id: 1, name: `read ${calls.product}`, slug: "phone", brand: "b", categoryId: 5, groupIds: [5], propRom: null, propColor: null, ean: null, isbn: null, asin: null,
        attributes: {}, chargerCompatible: false, assemblySplit: false, allowedPurchase: true, purchaseStop: false, onSale: false, bluePrice: 200, priceMin: 100, insurancePrice: 10,
        description: {},
      };
      return { product, coupon: null };
    },
    async variants() {
      return [{ label: "A2", price: 100, quantity: 3, fullBatteryQuantity: 0, fullBatteryPrice: null }];
    },
    async media() {
      return [];
    },
    async relations() {
      return [{ kind: "wristband", id: 9, name: "Band", slug: "band", propRom: null, propColor: null, priceMin: 10, imageUrl: null }];
    },
  } as unknown as ProductRepository;
  const navigation = { breadcrumbs: async () => [] } as unknown as NavigationService;
  return { repo, navigation, calls };
}

describe("product views shared for a few seconds", () => {
  it("reads a product once for concurrent and repeated requests, per language and wristband", async () => {
    const { repo, navigation, calls } = countingRepository();
    const service = createProductService(repo, navigation);
    const views = await Promise.all([service.view(1, "de"), service.view(1, "de"), service.viewJson(1, "de")]);
    expect(calls.product).toBe(1);
    expect(JSON.parse(views[2] as string)).toEqual(views[0]);
    await service.view(1, "en");
    await service.view(1, "de", 9);
    expect(calls.product).toBe(3);
    await expect(service.view(1, "de", 8)).rejects.toMatchObject({ code: "WRISTBAND_NOT_AVAILABLE" });
  });

  it("forgets a view after five seconds, and all of them when told", async () => {
    let now = Date.now();
    const { repo, navigation } = countingRepository();
    const service = createProductService(repo, navigation, () => new Date(now));
    expect((await service.view(1, "de")).product.name).toBe("read 1");
    now += PRODUCT_VIEW_TTL_MS - 1;
    expect((await service.view(1, "de")).product.name).toBe("read 1");
    now += 2;
    expect((await service.view(1, "de")).product.name).toBe("read 2");
    service.invalidate();
    expect((await service.view(1, "de")).product.name).toBe("read 3");
  });

  it("answers the requests waiting on a read the catalogue changed under, and keeps nothing of it", async () => {
    const { repo, navigation, calls } = countingRepository();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = repo.product.bind(repo);
    repo.product = (async (id: number) => {
      if (calls.product === 0) await held;
      return read(id);
    }) as typeof repo.product;
    const service = createProductService(repo, navigation);
    const waiting = Promise.all([service.view(1, "de"), service.view(1, "de")]);
    service.invalidate();
    release();
    expect((await waiting).map((view) => view.product.name)).toEqual(["read 1", "read 1"]);
    expect((await service.view(1, "de")).product.name).toBe("read 2");
  });

  it("keeps no refusal: a product that does not exist is asked for again", async () => {
    const { repo, navigation } = countingRepository();
    const service = createProductService(repo, navigation);
    await expect(service.view(2, "de")).rejects.toMatchObject({ code: "PRODUCT_DOESNT_EXIST" });
    await expect(service.view(2, "de")).rejects.toMatchObject({ code: "PRODUCT_DOESNT_EXIST" });
  });
});
