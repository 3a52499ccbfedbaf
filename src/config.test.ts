import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has a default for everything, embedded database included", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_PRODUCTS: 2000, PRODUCT_NAME: "reloop", dev: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads and converts values", () => {
    const config = loadConfig({ PORT: "8080", NODE_ENV: "development", DATABASE_URL: "postgres://u@h:5432/db" });
    expect(config).toMatchObject({ PORT: 8080, dev: true, DATABASE_URL: "postgres://u@h:5432/db" });
  });

  it("names every wrong value", () => {
    expect(() => loadConfig({ PORT: "eighty", PRODUCT_NAME: "Has Spaces" })).toThrow(/PORT.*PRODUCT_NAME|PRODUCT_NAME.*PORT/);
  });
});
