import { z } from "zod";

/** Every setting the process reads, with its default. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; when unset the embedded PGlite database in DATA_DIR/db is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** Products generated on first start when the catalogue is empty. */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(2000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The name shown as {product} in texts and used in cookie names. */
  PRODUCT_NAME: z.string().regex(/^[a-z][a-z0-9-]*$/).default("reloop"),
  /** Public origin used in canonical links and sitemaps. */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
});

export type Config = z.infer<typeof envSchema> & { dev: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, dev: parsed.data.NODE_ENV === "development" };
}
