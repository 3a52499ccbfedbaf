import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { customers } from "../db/schema/accounts.ts";
import { products } from "../db/schema/catalogue.ts";
import { contentDocuments } from "../db/schema/documents.ts";
import { DEMO_STAFF } from "./demo-customer.ts";
import { seedStartingData } from "./starting-data.ts";

/** A fresh, migrated database, and what the start would log on it. */
async function freshStart(seedDemo: boolean) {
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const lines: string[] = [];
  const log = (a: unknown, b?: unknown) => void lines.push(String(typeof a === "string" ? a : b));
  await seedStartingData(database.db, { SEED_DEMO: seedDemo, SEED_PRODUCTS: 30 }, { info: log, warn: log });
  const [accounts] = await database.db.select({ n: count() }).from(customers);
  const [catalogue] = await database.db.select({ n: count() }).from(products);
  const [texts] = await database.db.select({ n: count() }).from(contentDocuments);
  await database.close();
  return { accounts: accounts!.n, products: catalogue!.n, texts: texts!.n, log: lines.join("\n") };
}

describe("what a first start puts into an empty database", () => {
  it("without SEED_DEMO (a shop on a PostgreSQL server): the starter texts, no products and no account with a published password", async () => {
    const start = await freshStart(false);
    expect(start).toMatchObject({ accounts: 0, products: 0 });
    expect(start.texts).toBeGreaterThan(0);
    expect(start.log).toContain("no demo data seeded and no demo accounts created");
  });

  it("with SEED_DEMO (the embedded demo): the demo catalogue and the demo accounts, and the log names them", async () => {
    const start = await freshStart(true);
    expect(start).toMatchObject({ accounts: 2, products: 30 });
    expect(start.log).toContain(DEMO_STAFF.email);
  });
});
