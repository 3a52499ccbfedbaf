import { z } from "zod";

/** Good enough for a laptop; a deployment sets its own (the server warns when it does not). */
export const DEVELOPMENT_COOKIE_SECRET = "reloop-development-cookie-secret";

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
  /** Requests per minute and client address, for API calls and pages, before the verification page. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Signs cookies such as the verification pass; set your own in production (shared by all instances). */
  COOKIE_SECRET: z.string().min(16).default(DEVELOPMENT_COOKIE_SECRET),
  /** Error collector: a path on this app (errors are logged) or an absolute URL (logged and forwarded). */
  ERROR_REPORT_URL: z.string().default("/api/errors"),
  /** MacBook categories preselect "in stock": for everyone, nobody, or half the visitors. */
  EXPERIMENT_MACBOOK_IN_STOCK: z.enum(["off", "on", "split"]).default("split"),
  /** Behind a load balancer: trust its X-Forwarded-* headers (client address for the rate limit, https). Off by default, so clients cannot claim any address. */
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** Public origin used in canonical links and sitemaps. */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  /** Outgoing mail server (smtp://user:pass@host:587); when unset mails are written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Sender of every mail the shop sends. */
  MAIL_FROM: z.string().min(3).default("Reloop <hello@reloop.local>"),
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
