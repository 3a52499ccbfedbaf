/**
 * The stand-ins for the browser tests: a real oidc-provider on 127.0.0.1 that plays Google, Apple
 * and PayPal for the app Playwright starts, and under /facebook on the same port Facebook (its
 * Graph API for the server, its JavaScript SDK and login popup for the browser). Tests name who
 * logs in next through their control paths.
 */
import { createFacebookStandIn } from "../src/test/facebook-stand-in.ts";
import { startOidcProvider } from "../src/test/oidc-test-provider.ts";

const port = Number(process.env.IDP_PORT);
const shop = process.env.SHOP_URL ?? "";
const facebook = createFacebookStandIn("/facebook");
await startOidcProvider(
  [
    { client_id: "e2e-google", client_secret: "e2e-google-secret", redirect_uris: [`${shop}/api/sign-in/google/callback`] },
    { client_id: "e2e-apple", client_secret: "e2e-apple-secret", redirect_uris: [`${shop}/api/sign-in/apple/callback`] },
    { client_id: "e2e-paypal", client_secret: "e2e-paypal-secret", redirect_uris: [`${shop}/auth/paypal-callback`] },
  ],
  { port, control: true, also: facebook.handle },
);
process.stdout.write(`identity provider on http://127.0.0.1:${port}\n`);
