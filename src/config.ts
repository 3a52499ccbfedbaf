import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { BANK_ACCOUNT } from "./domain/checkout/bank-account.ts";
import { isValidIban } from "./domain/payouts/sepa-credit-transfer.ts";
import { DEFAULT_DIFFICULTY } from "./domain/protection/verification.ts";
import { FACEBOOK_SDK_URL_TEMPLATE, facebookSdkUrl } from "./domain/accounts/facebook-login.ts";

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
  /** Catalogues of this many products or more are searched in an index held in memory (built at start); smaller ones on PostgreSQL. */
  SEARCH_MEMORY_FROM: z.coerce.number().int().min(0).default(50_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The name shown as {product} in texts and used in cookie names. */
  PRODUCT_NAME: z.string().regex(/^[a-z][a-z0-9-]*$/).default("reloop"),
  /** Requests per minute and client address, for API calls and pages, before the verification page. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * Signs cookies such as the verification pass; shared by all instances. Outside production the
   * development value is the default; in production it must be set, except for the single embedded
   * instance, which keeps a random one in DATA_DIR (see `withCookieSecret`).
   */
  COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Leading zero bits of the proof of work a rate-limited visitor's browser solves (15 ≈ 32,000 hashes on average). */
  VERIFICATION_DIFFICULTY: z.coerce.number().int().min(1).max(28).default(DEFAULT_DIFFICULTY),
  /** Error collector: a path on this app (errors are logged) or an absolute URL (logged and forwarded). */
  ERROR_REPORT_URL: z.string().default("/api/errors"),
  /** Also send recommendation and personalisation events (stored either way) to this URL as JSON. */
  RECOMMENDATION_EVENTS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** MacBook categories preselect "in stock": for everyone, nobody, or half the visitors. */
  EXPERIMENT_MACBOOK_IN_STOCK: z.enum(["off", "on", "split"]).default("split"),
  /** Behind a load balancer: trust its X-Forwarded-* headers (client address for the rate limit, https). Off by default, so clients cannot claim any address. */
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** Redis for what instances share beyond the database: rate-limit counters and spent verification challenges. Unset = in this process (one instance). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key, so several shops (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]*$/).default("reloop:"),
  /** Bearer token that opens /metrics (Prometheus); unset = /metrics does not exist. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** On SIGTERM: how long in-flight requests may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Public origin used in canonical links and sitemaps. */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  /**
   * Staff passkeys (WebAuthn): the domain they are bound to and the origins the browser may use
   * them from (comma-separated). Default: PUBLIC_URL's host and origin. A passkey registered for
   * one domain works only there, so set these before staff register passkeys.
   */
  PASSKEY_RP_ID: z.string().regex(/^[a-z0-9.-]+$/, "must be a host name").optional(),
  PASSKEY_ORIGINS: z
    .string()
    .transform((value) => value.split(",").map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url()).min(1))
    .optional(),
  /** Outgoing mail server (smtp://user:pass@host:587); when unset mails are written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * The built-in sandbox payment provider, whose page approves any payment: for trying the shop and
   * for tests. Default: on only for the embedded demo (no DATABASE_URL) without a live Stripe key;
   * a shop on a PostgreSQL server must ask for it.
   */
  PAYMENT_SANDBOX: z.enum(["true", "false"]).optional(),
  /**
   * The demo catalogue and the demo accounts (whose passwords the README publishes), seeded into an
   * empty database. Default: on only for the embedded demo (no DATABASE_URL).
   */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** The shop's own bank account: payouts to sellers go out from it (the SEPA file's debtor). */
  SHOP_BANK_HOLDER: z.string().min(1).max(70).default(BANK_ACCOUNT.holder),
  SHOP_BANK_IBAN: z
    .string()
    .transform((value) => value.replace(/\s/g, "").toUpperCase())
    .refine(isValidIban, "must be a valid IBAN")
    .default(BANK_ACCOUNT.iban.replace(/\s/g, "")),
  SHOP_BANK_BIC: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC (8 or 11 characters)").default(BANK_ACCOUNT.bic),
  /** Minutes a started card payment may stay open before its units go back on sale. */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** The shop's voluntary return period in days from delivery; the statutory 14 days of withdrawal always hold. */
  RETURN_DAYS: z.coerce.number().int().min(14).max(365).default(30),
  /** The warranty on used goods in months from delivery (12 is the least German law allows for used goods sold to consumers). */
  WARRANTY_MONTHS: z.coerce.number().int().min(12).max(60).default(12),
  /** Sender of every mail the shop sends. */
  MAIL_FROM: z.string().min(3).default("Reloop <hello@reloop.local>"),
  /** Shared secret of the bounce webhook (POST /api/mail/bounces, header X-Mail-Bounce-Secret); the webhook answers 404 while unset. */
  MAIL_BOUNCE_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Shared secret of the carriers' tracking webhook (POST /api/carriers/events, header X-Carrier-Events-Secret); the webhook answers 404 while unset. */
  CARRIER_EVENTS_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Turns on Stripe Checkout as a payment method (sk_… or restricted rk_… key). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
  /** Signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  /** Another address for Stripe's API, such as a local stand-in; Stripe's own by default. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Login with Google through OpenID Connect: the issuer (https://accounts.google.com) and the OAuth client; all three or none. */
  OIDC_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Login with Apple (issuer https://appleid.apple.com); all three or none. Apple expects a client
   * secret that is a JWT signed with the team's key and renewed at least every six months: set the
   * current one here, it is sent as it is.
   */
  OIDC_APPLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_APPLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Login with PayPal (issuer https://www.paypal.com) in a popup; all three or none. */
  OIDC_PAYPAL_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  OIDC_PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** Login with Facebook: the app whose tokens are accepted; both or none. */
  FACEBOOK_APP_ID: z.string().regex(/^\d{1,20}$/, "must be the app's numeric id").optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  /** Where Facebook's Graph API answers (a local stand-in in tests). */
  FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v12.0"),
  /** Where the browser loads Facebook's JavaScript SDK on a click on its button; {locale} stands for the page's language (de_DE…). */
  FACEBOOK_SDK_URL: z
    .string()
    .default(FACEBOOK_SDK_URL_TEMPLATE)
    .refine((value) => URL.canParse(facebookSdkUrl(value, "en")) && /^https?:$/.test(new URL(facebookSdkUrl(value, "en")).protocol), "must be an http(s) address"),
});

/** The social login providers the shop can offer, each turned on by its OIDC_<NAME>_* settings. */
export const SOCIAL_LOGIN_PROVIDERS = ["google", "apple", "paypal"] as const;
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number];
/** Providers whose login runs in the same window (the popup ones answer through the opener instead). */
export const REDIRECT_LOGIN_PROVIDERS = ["google", "apple"] as const satisfies readonly SocialLoginProvider[];
export interface FacebookAppSettings {
  appId: string;
  appSecret: string;
  graphUrl: string;
  /** The browser's SDK address, with {locale} for the page's language. */
  sdkUrl: string;
}
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

type ParsedEnv = z.infer<typeof envSchema>;
export type Config = Omit<ParsedEnv, "COOKIE_SECRET" | "PAYMENT_SANDBOX" | "SEED_DEMO"> & {
  COOKIE_SECRET: string;
  PAYMENT_SANDBOX: boolean;
  SEED_DEMO: boolean;
  dev: boolean;
  /** The configured social login providers only. */
  socialLogin: Partial<Record<SocialLoginProvider, OidcClientSettings>>;
  /** Facebook login, when its app is configured. */
  facebook: FacebookAppSettings | undefined;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === "production";
  if (production && values.COOKIE_SECRET === DEVELOPMENT_COOKIE_SECRET) {
    throw new Error("Invalid configuration: COOKIE_SECRET is the development value; set a secret of your own in production");
  }
  if (production && !values.COOKIE_SECRET && values.DATABASE_URL) {
    throw new Error("Invalid configuration: COOKIE_SECRET must be set in production with DATABASE_URL, so that all instances sign alike");
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new Error("Invalid configuration: STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY, or Stripe's notifications of payments cannot be verified");
  }
  const socialLogin = socialLoginSettings(values, production);
  const secret = values.COOKIE_SECRET ?? (production ? persistedCookieSecret(values.DATA_DIR) : DEVELOPMENT_COOKIE_SECRET);
  // The embedded database is the demo on one machine; a PostgreSQL server is where a real shop runs.
  const embeddedDemo = !values.DATABASE_URL;
  const sandbox = values.PAYMENT_SANDBOX ? values.PAYMENT_SANDBOX === "true" : embeddedDemo && !values.STRIPE_SECRET_KEY?.includes("_live_");
  const seedDemo = values.SEED_DEMO ? values.SEED_DEMO === "true" : embeddedDemo;
  if (Boolean(values.FACEBOOK_APP_ID) !== Boolean(values.FACEBOOK_APP_SECRET)) {
    throw new Error("Invalid configuration: Facebook login needs FACEBOOK_APP_ID and FACEBOOK_APP_SECRET together");
  }
  if (values.FACEBOOK_APP_ID && !secureOrLocal(values.FACEBOOK_GRAPH_URL, values.PUBLIC_URL, production)) {
    throw new Error("Invalid configuration: FACEBOOK_GRAPH_URL must be an https address (plain http only for a stand-in on this machine)");
  }
  if (values.FACEBOOK_APP_ID && !secureOrLocal(facebookSdkUrl(values.FACEBOOK_SDK_URL, "en"), values.PUBLIC_URL, production)) {
    throw new Error("Invalid configuration: FACEBOOK_SDK_URL must be an https address (plain http only for a stand-in on this machine)");
  }
  const facebook =
    values.FACEBOOK_APP_ID && values.FACEBOOK_APP_SECRET
      ? { appId: values.FACEBOOK_APP_ID, appSecret: values.FACEBOOK_APP_SECRET, graphUrl: values.FACEBOOK_GRAPH_URL.replace(/\/$/, ""), sdkUrl: values.FACEBOOK_SDK_URL }
      : undefined;
  return { ...values, COOKIE_SECRET: secret, PAYMENT_SANDBOX: sandbox, SEED_DEMO: seedDemo, dev: values.NODE_ENV === "development", socialLogin, facebook };
}

/** Each provider's three settings, all or none; plain http only for an issuer on this machine outside production. */
function socialLoginSettings(values: ParsedEnv, production: boolean): Config["socialLogin"] {
  const settings: Config["socialLogin"] = {};
  for (const provider of SOCIAL_LOGIN_PROVIDERS) {
    const prefix = `OIDC_${provider.toUpperCase()}_`;
    const names = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET"].map((name) => `${prefix}${name}` as keyof ParsedEnv);
    const [issuer, clientId, clientSecret] = names.map((name) => values[name] as string | undefined);
    if (!issuer && !clientId && !clientSecret) continue;
    if (!issuer || !clientId || !clientSecret) {
      const missing = names.filter((name) => !values[name]).join(", ");
      throw new Error(`Invalid configuration: ${provider} login needs ${names.join(", ")} together; missing: ${missing}`);
    }
    if (!secureOrLocal(issuer, values.PUBLIC_URL, production)) {
      throw new Error(`Invalid configuration: ${prefix}ISSUER must be an https address (plain http only for a test provider on this machine, for a shop on this machine)`);
    }
    settings[provider] = { issuer, clientId, clientSecret };
  }
  return settings;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * An identity provider's address: https, or plain http to a stand-in on this machine, outside
 * production or for a production build served on this machine itself (the end-to-end tests).
 */
function secureOrLocal(address: string, publicUrl: string, production: boolean): boolean {
  const url = new URL(address);
  if (url.protocol === "https:") return true;
  const shop = new URL(publicUrl);
  return isLoopback(url.hostname) && (!production || (shop.protocol === "http:" && isLoopback(shop.hostname)));
}

/**
 * The single embedded instance (`npm start` on a laptop) needs no setup: it makes a random secret
 * once and keeps it beside its database, so passes and sessions survive a restart.
 */
function persistedCookieSecret(dataDir: string): string {
  const file = join(dataDir, "cookie-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
