/**
 * The OpenID Connect stand-in for the browser tests: a real oidc-provider on 127.0.0.1 that plays
 * Google, Apple and PayPal for the app Playwright starts. Tests name who logs in next through its control path.
 */
import { startOidcProvider } from "../src/test/oidc-test-provider.ts";

const port = Number(process.env.IDP_PORT);
const shop = process.env.SHOP_URL ?? "";
await startOidcProvider(
  [
    { client_id: "e2e-google", client_secret: "e2e-google-secret", redirect_uris: [`${shop}/api/sign-in/google/callback`] },
    { client_id: "e2e-apple", client_secret: "e2e-apple-secret", redirect_uris: [`${shop}/api/sign-in/apple/callback`] },
    { client_id: "e2e-paypal", client_secret: "e2e-paypal-secret", redirect_uris: [`${shop}/auth/paypal-callback`] },
  ],
  { port, control: true },
);
process.stdout.write(`identity provider on http://127.0.0.1:${port}\n`);
