import { resolve } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/** The layer rules of eslint.config.js, run on snippets placed in the folders they guard. */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, "..") });
const BOUNDARY_RULES = new Set(["no-restricted-imports", "no-restricted-syntax"]);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const staticImport = (from: string) => `import { x } from "${from}";\nexport const y = x;\n`;
const lazyImport = (from: string) => `export const load = () => import("${from}");\n`;

describe("layer boundaries", () => {
  // Loading the config and its plugins takes seconds on a busy machine; the checks after it take milliseconds.
  beforeAll(() => eslint.lintText("", { filePath: "src/web/root.tsx" }), 60_000);

  it.each([
    ["src/web/routes/home.tsx", "../../db/client.ts", /never from src\/db/],
    ["src/web/features/product/details.tsx", "../../../db/schema/catalogue.ts", /never from src\/db/],
    ["src/web/routes/product.tsx", "../../api/modules/reviews/routes.ts", /only the contract/],
    ["src/web/components/price.tsx", "../../api/modules/products/service.ts", /only the contract/],
    ["src/web/api-client/client.ts", "../../api/modules/cart/service.ts", /only the contract/],
    ["src/web/features/product/details.tsx", "../recommendations/slot.tsx", /another feature/],
    ["src/web/features/product/details.tsx", "../../features/recommendations/slot.tsx", /another feature/],
    ["src/web/features/product/details.tsx", "../../layouts/header.tsx", /below layouts and routes/],
    ["src/web/shell/consent/banner.tsx", "../../features/account/customer.ts", /below features/],
    ["src/web/shell/version.ts", "../features/account/customer.ts", /below features/],
    ["src/web/components/price.tsx", "../features/product/details.tsx", /below features/],
    ["src/web/components/price.tsx", "../layouts/header.tsx", /below features, layouts/],
    ["src/web/layouts/header.tsx", "../routes/home.tsx", /below routes/],
    ["src/web/features/product/details.tsx", "../../../api/modules/products/schemas.ts", /only the contract/],
    ["src/web/api-client/client.ts", "../../api/errors.ts", /only the contract/],
    ["src/ssr/inject-transport.ts", "../api/modules/verification/routes.ts", /only the contract/],
    ["src/ssr/storefront.ts", "../db/client.ts", /never src\/db/],
    ["src/db/seed.ts", "../api/modules/accounts/passwords.ts", /src\/db sits below src\/api/],
    ["src/web/routes/search.tsx", "../../search/memory-index.ts", /searches through the API/],
    ["src/web/features/search/search-combobox.tsx", "../../../search/core/query.ts", /searches through the API/],
    ["src/search/memory-index.ts", "../api/modules/products/list-repository.ts", /src\/search sits below src\/api/],
    ["src/search/core/word-list.ts", "../snapshot-repository.ts", /nothing but itself and src\/domain/],
    ["src/search/core/query.ts", "../../db/text-search.ts", /nothing but itself and src\/domain/],
    ["src/search/core/query.ts", "node:fs", /search's pure parts: no I\/O/],
    ["src/domain/catalogue/listing.ts", "../../search/core/query.ts", /src\/domain depends on nothing but itself/],
    ["src/domain/catalogue/grades.ts", "../../media/grade-illustration.ts", /src\/domain depends on nothing but itself/],
    ["src/media/product-image.ts", "../api/errors.ts", /src\/media depends on nothing but itself and src\/domain/],
    ["src/media/product-image.ts", "node:crypto", /src\/media draws pictures as text: no I\/O/],
  ])("%s may not import %s", async (file, from, message) => {
    const errors = await boundaryErrors(file, staticImport(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it("sees lazy import() calls too", async () => {
    expect(await boundaryErrors("src/web/features/product/reviews.tsx", lazyImport("../recommendations/slot.tsx"))).toEqual([
      expect.stringMatching(/another feature/),
    ]);
    expect(await boundaryErrors("src/web/components/footer.tsx", lazyImport("../features/newsletter/newsletter-form.tsx"))).toHaveLength(1);
  });

  it.each([
    ["src/web/features/product/details.tsx", "./json-ld.tsx"],
    ["src/web/features/product/details.tsx", "../../components/product-tile.tsx"],
    ["src/web/features/newsletter/newsletter-form.tsx", "../../shell/toasts/store.ts"],
    ["src/web/features/product/details.tsx", "../../../api/contract.ts"],
    ["src/web/api-client/client.ts", "../../api/contract.ts"],
    ["src/ssr/inject-transport.ts", "../api/contract.ts"],
    ["src/ssr/inject-transport.ts", "../api/internal-calls.ts"],
    ["src/web/layouts/footer.tsx", "../features/newsletter/newsletter-form.tsx"],
    ["src/web/routes/product.tsx", "../features/product/details.tsx"],
    ["src/db/client.ts", "../domain/catalogue/price-bands.ts"],
    ["src/api/services.ts", "../search/memory-index.ts"],
    ["src/search/memory-index.ts", "./core/word-list.ts"],
    ["src/search/postgres-index.ts", "../db/text-search.ts"],
    ["src/search/core/memory-search.ts", "./product-columns.ts"],
    ["src/search/core/memory-search.ts", "../../domain/catalogue/grades.ts"],
    ["src/media/grade-illustration.ts", "../domain/catalogue/grades.ts"],
    ["src/api/modules/media/service.ts", "../../../media/product-image.ts"],
    ["src/web/routes/search.tsx", "../features/search/highlight.ts"],
  ])("%s may import %s", async (file, from) => {
    expect(await boundaryErrors(file, staticImport(from))).toEqual([]);
    expect(await boundaryErrors(file, lazyImport(from))).toEqual([]);
  });
});

describe("an API module's rooms", () => {
  beforeAll(() => eslint.lintText("", { filePath: "src/api/modules/cart/routes.ts" }), 60_000);

  it.each([
    ["src/api/modules/cart/routes.ts", "drizzle-orm", /Routes speak HTTP only/],
    ["src/api/modules/cart/routes.ts", "../../../db/schema/checkout.ts", /Routes speak HTTP only/],
    ["src/api/modules/cart/routes.ts", "./repository.ts", /never a repository/],
    ["src/api/modules/accounts/address-book-routes.ts", "./address-book-repository.ts", /never a repository/],
    ["src/api/modules/orders/service.ts", "drizzle-orm", /Services hold the rules/],
    ["src/api/modules/orders/service.ts", "pg", /Services hold the rules/],
    ["src/api/modules/orders/service.ts", "fastify", /know nothing of HTTP/],
    ["src/api/modules/orders/service.ts", "@fastify/cookie", /know nothing of HTTP/],
    ["src/api/modules/products/list-service.ts", "../../../db/client.ts", /Services hold the rules/],
    ["src/api/modules/orders/schemas.ts", "./service.ts", /no service or repository/],
  ])("%s may not import %s", async (file, from, message) => {
    const errors = await boundaryErrors(file, staticImport(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ["src/api/modules/cart/routes.ts", "./service.ts"],
    ["src/api/modules/cart/repository.ts", "drizzle-orm"],
    ["src/api/modules/cart/repository.ts", "../../../db/schema/checkout.ts"],
    ["src/api/modules/orders/service.ts", "./repository.ts"],
    ["src/api/modules/orders/service.ts", "../../../domain/checkout/orders.ts"],
  ])("%s may import %s", async (file, from) => {
    expect(await boundaryErrors(file, staticImport(from))).toEqual([]);
  });

  it("lets types of the data layer pass into services and routes", async () => {
    const typeOnly = (from: string) => `import type { X } from "${from}";\nexport type Y = X;\n`;
    expect(await boundaryErrors("src/api/modules/orders/service.ts", typeOnly("../../../db/client.ts"))).toEqual([]);
    expect(await boundaryErrors("src/api/modules/cart/routes.ts", typeOnly("./repository.ts"))).toEqual([]);
  });
});

describe("who writes which table (src/db/table-owners.json)", () => {
  beforeAll(() => eslint.lintText("", { filePath: "src/api/modules/cart/repository.ts" }), 60_000);
  const ownerErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === "reloop/table-owners").map((m) => m.message);
  };
  const writes = (statement: string) =>
    `import { sql } from "drizzle-orm";\nimport type { Db } from "../../../db/client.ts";\nimport { carts } from "../../../db/schema/orders.ts";\nimport { productVariants as variants } from "../../../db/schema/catalogue.ts";\nexport const write = (db: Db) => ${statement};\n`;

  it.each([
    ["src/api/modules/orders/repository.ts", "db.delete(carts)", /orders writes to carts, which cart owns/],
    ["src/api/modules/selling/sale-repository.ts", "db.update(carts).set({ parcels: 1 })", /selling writes to carts, which cart owns/],
    ["src/api/modules/alerts/repository.ts", "db.update(variants).set({ quantity: 1 })", /alerts writes to productVariants, which products owns/],
    ["src/api/modules/orders/repository.ts", "db.insert(variants).values([])", /productVariants, which products owns/],
    ["src/api/modules/reviews/repository.ts", "db.execute(sql`update ${variants} set quantity = 0`)", /productVariants, which products owns/],
    ["src/db/address-book.ts", "db.delete(carts)", /accounts writes to carts/],
    ["src/search/postgres-index.ts", "db.update(variants).set({ quantity: 1 })", /search writes to productVariants, which products owns/],
  ])("%s may not write %s", async (file, statement, message) => {
    const errors = await ownerErrors(file, writes(statement));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ["src/api/modules/cart/repository.ts", "db.update(carts).set({ parcels: 1 })"],
    ["src/db/product-stock.ts", "db.update(variants).set({ quantity: 1 })"],
    // Reads may join any table.
    ["src/api/modules/orders/repository.ts", "db.select().from(carts).innerJoin(variants, sql`true`)"],
    // Seeding and tests are not a module's writes.
    ["src/demo-data/demo-catalogue.ts", "db.insert(variants).values([])"],
  ])("%s may %s", async (file, statement) => {
    expect(await ownerErrors(file, writes(statement))).toEqual([]);
  });
});
