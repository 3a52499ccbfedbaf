import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { seedContent } from "./content.ts";
import { catalogueIsEmpty, seedCatalogue } from "./demo-catalogue.ts";
import { DEMO_CUSTOMER, DEMO_STAFF, seedDemoCustomer } from "./demo-customer.ts";

/**
 * What an empty database gets, and the log says which: the starter texts always; the demo
 * catalogue and the demo accounts (whose passwords the README publishes) only where SEED_DEMO is
 * on, which it is by default for the embedded demo alone.
 */
export async function seedStartingData(db: Db, config: Pick<Config, "SEED_DEMO" | "SEED_PRODUCTS">, logger: Pick<FastifyBaseLogger, "info" | "warn">): Promise<void> {
  if (config.SEED_DEMO) {
    if (await catalogueIsEmpty(db)) {
      logger.info({ products: config.SEED_PRODUCTS }, "empty catalogue: seeding the demo catalogue");
      const started = Date.now();
      await seedCatalogue(db, { products: config.SEED_PRODUCTS });
      logger.info({ ms: Date.now() - started }, "demo catalogue seeded");
    }
    await seedDemoCustomer(db);
    logger.warn(`demo accounts ${DEMO_CUSTOMER.email} and ${DEMO_STAFF.email} exist, with the passwords the README publishes (SEED_DEMO)`);
  } else if (await catalogueIsEmpty(db)) {
    logger.warn("empty catalogue: no demo data seeded and no demo accounts created (SEED_DEMO=true seeds them)");
  }
  await seedContent(db);
  logger.info("starter texts in place: landing pages, legal and static documents, announcements");
}
