import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/api/app.ts";
import type { Config } from "../src/config.ts";
import type { Database } from "../src/db/client.ts";
import { loadStorefront } from "../src/ssr/storefront.ts";

/** The whole product (API and production storefront) on a free local port, for a benchmark. */
export async function serveForBench(config: Config, database: Database): Promise<{ app: FastifyInstance; address: string }> {
  const storefront = await loadStorefront(config, "bench");
  const app = await buildApp({ config, database, version: storefront.version, web: (root, limit) => storefront.register(root, limit, (listener) => database.onChange(listener)) });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, address };
}
