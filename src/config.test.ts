import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVELOPMENT_COOKIE_SECRET, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has a default for everything, embedded database included", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_PRODUCTS: 2000, PRODUCT_NAME: "reloop", dev: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("turns the sandbox payment provider off by itself only for a live Stripe key", () => {
    expect(loadConfig({ NODE_ENV: "test" }).PAYMENT_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).PAYMENT_SANDBOX).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", PAYMENT_SANDBOX: "true" }).PAYMENT_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", PAYMENT_SANDBOX: "false" }).PAYMENT_SANDBOX).toBe(false);
  });

  it("keeps the sandbox payment provider and the demo data to the embedded demo unless asked for", () => {
    const server = { NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/db", COOKIE_SECRET: "a-cookie-secret-of-at-least-32-characters" };
    expect(loadConfig(server)).toMatchObject({ PAYMENT_SANDBOX: false, SEED_DEMO: false });
    expect(loadConfig({ ...server, PAYMENT_SANDBOX: "true", SEED_DEMO: "true" })).toMatchObject({ PAYMENT_SANDBOX: true, SEED_DEMO: true });
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({ PAYMENT_SANDBOX: true, SEED_DEMO: true });
    expect(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });

  it("reads and converts values", () => {
    const config = loadConfig({ PORT: "8080", NODE_ENV: "development", DATABASE_URL: "postgres://u@h:5432/db" });
    expect(config).toMatchObject({ PORT: 8080, dev: true, DATABASE_URL: "postgres://u@h:5432/db" });
  });

  it("names every wrong value", () => {
    expect(() => loadConfig({ PORT: "eighty", PRODUCT_NAME: "Has Spaces" })).toThrow(/PORT.*PRODUCT_NAME|PRODUCT_NAME.*PORT/);
  });

  it("takes the catalogue size from which search runs in memory, refusing what is not a count", () => {
    expect(loadConfig({}).SEARCH_MEMORY_FROM).toBe(50_000);
    expect(loadConfig({ SEARCH_MEMORY_FROM: "0" }).SEARCH_MEMORY_FROM).toBe(0);
    for (const bad of ["-1", "many", "1.5"]) expect(() => loadConfig({ SEARCH_MEMORY_FROM: bad }), bad).toThrow(/SEARCH_MEMORY_FROM/);
  });

  describe("social login", () => {
    const google = { OIDC_GOOGLE_ISSUER: "https://accounts.google.com", OIDC_GOOGLE_CLIENT_ID: "client", OIDC_GOOGLE_CLIENT_SECRET: "secret" };

    it("turns a provider on with all three settings, and none without", () => {
      expect(loadConfig({ NODE_ENV: "test" }).socialLogin).toEqual({});
      expect(loadConfig({ NODE_ENV: "test", ...google }).socialLogin).toEqual({
        google: { issuer: "https://accounts.google.com", clientId: "client", clientSecret: "secret" },
      });
    });

    it("refuses a partial configuration and names what is missing", () => {
      expect(() => loadConfig({ NODE_ENV: "test", OIDC_APPLE_ISSUER: "https://appleid.apple.com", OIDC_APPLE_CLIENT_ID: "client" })).toThrow(
        /apple login needs OIDC_APPLE_ISSUER, OIDC_APPLE_CLIENT_ID, OIDC_APPLE_CLIENT_SECRET together; missing: OIDC_APPLE_CLIENT_SECRET/,
      );
      expect(() => loadConfig({ NODE_ENV: "test", OIDC_GOOGLE_CLIENT_SECRET: "secret" })).toThrow(/missing: OIDC_GOOGLE_ISSUER, OIDC_GOOGLE_CLIENT_ID/);
    });

    it("allows a plain http issuer only on this machine, outside production or for a shop on this machine", () => {
      const local = { ...google, OIDC_GOOGLE_ISSUER: "http://127.0.0.1:4000" };
      expect(loadConfig({ NODE_ENV: "test", ...local }).socialLogin.google?.issuer).toBe("http://127.0.0.1:4000");
      expect(() => loadConfig({ NODE_ENV: "test", ...google, OIDC_GOOGLE_ISSUER: "http://login.example" })).toThrow(/must be an https address/);
      const production = { NODE_ENV: "production", COOKIE_SECRET: "s".repeat(32) };
      expect(() => loadConfig({ ...production, PUBLIC_URL: "https://shop.example", ...local })).toThrow(/must be an https address/);
      expect(loadConfig({ ...production, PUBLIC_URL: "http://127.0.0.1:3250", ...local }).socialLogin.google?.issuer).toBe("http://127.0.0.1:4000");
    });

    it("takes Facebook's app id and secret together, and its Graph and SDK addresses over https", () => {
      expect(loadConfig({ NODE_ENV: "test" }).facebook).toBeUndefined();
      expect(loadConfig({ NODE_ENV: "test", FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "secret" }).facebook).toEqual({
        appId: "123",
        appSecret: "secret",
        graphUrl: "https://graph.facebook.com/v12.0",
        sdkUrl: "https://connect.facebook.net/{locale}/sdk.js",
      });
      const app = { NODE_ENV: "test", FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s" };
      expect(() => loadConfig({ ...app, FACEBOOK_SDK_URL: "http://sdk.example/{locale}/sdk.js" })).toThrow(/FACEBOOK_SDK_URL must be an https address/);
      expect(() => loadConfig({ ...app, FACEBOOK_SDK_URL: "not an address" })).toThrow(/FACEBOOK_SDK_URL: must be an http\(s\) address/);
      expect(loadConfig({ ...app, FACEBOOK_SDK_URL: "http://127.0.0.1:3315/facebook/{locale}/sdk.js" }).facebook?.sdkUrl).toBe("http://127.0.0.1:3315/facebook/{locale}/sdk.js");
      expect(() => loadConfig({ NODE_ENV: "test", FACEBOOK_APP_ID: "123" })).toThrow(/FACEBOOK_APP_ID and FACEBOOK_APP_SECRET together/);
      expect(() => loadConfig({ NODE_ENV: "test", FACEBOOK_APP_ID: "123", FACEBOOK_APP_SECRET: "s", FACEBOOK_GRAPH_URL: "http://graph.example" })).toThrow(/must be an https address/);
    });
  });

  describe("the cookie secret", () => {
    it("refuses the development value in production", () => {
      expect(() => loadConfig({ NODE_ENV: "production", COOKIE_SECRET: DEVELOPMENT_COOKIE_SECRET })).toThrow(/development value/);
    });

    it("must be set in production on a PostgreSQL server, where instances share it", () => {
      expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/db" })).toThrow(/COOKIE_SECRET must be set/);
      expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/db", COOKIE_SECRET: "s".repeat(32) }).COOKIE_SECRET).toBe("s".repeat(32));
    });

    it("is made once and kept in the data folder for the single embedded instance", () => {
      const dir = mkdtempSync(join(tmpdir(), "reloop-config-"));
      try {
        const first = loadConfig({ NODE_ENV: "production", DATA_DIR: dir }).COOKIE_SECRET;
        expect(first).not.toBe(DEVELOPMENT_COOKIE_SECRET);
        expect(first.length).toBeGreaterThanOrEqual(32);
        expect(loadConfig({ NODE_ENV: "production", DATA_DIR: dir }).COOKIE_SECRET).toBe(first);
        expect(statSync(join(dir, "cookie-secret")).mode & 0o077).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("is the development value elsewhere, and refuses short ones", () => {
      expect(loadConfig({ NODE_ENV: "development" }).COOKIE_SECRET).toBe(DEVELOPMENT_COOKIE_SECRET);
      expect(() => loadConfig({ NODE_ENV: "test", COOKIE_SECRET: "short" })).toThrow(/COOKIE_SECRET/);
    });
  });

  describe("Stripe", () => {
    it("is off unless its key is set, and takes another API address for a stand-in", () => {
      expect(loadConfig({ NODE_ENV: "test" }).STRIPE_SECRET_KEY).toBeUndefined();
      const config = loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123", STRIPE_API_BASE: "http://127.0.0.1:12111" });
      expect(config).toMatchObject({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123", STRIPE_API_BASE: "http://127.0.0.1:12111" });
    });

    it("refuses a key without the webhook secret, and values that are not Stripe's", () => {
      expect(() => loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(/STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
      expect(() => loadConfig({ NODE_ENV: "test", STRIPE_API_BASE: "ftp://example.com" })).toThrow(/STRIPE_API_BASE/);
    });
  });
});
