import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ClientMetadata } from "oidc-provider";

/** What the test provider says about the person who logs in next. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** The postal address, given with the "address" scope (as PayPal does). */
  address?: { street_address?: string; locality?: string; postal_code?: string; country?: string };
}

export interface TestOidcProvider {
  issuer: string;
  /** The account the next login at the provider signs in as. */
  logInAs(account: TestAccount): void;
  close(): Promise<void>;
}

const INTERACTION_PATH = "/interaction/";
/** Where a test in another process names the next account (only with the control option). */
export const CONTROL_PATH = "/__test/account";

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 at a free port, for the app to
 * discover and exchange codes with over HTTP. Its login and consent page signs in whoever
 * `logInAs` named and grants the scopes asked for, with no form: one redirect.
 */
export async function startOidcProvider(
  clients: ClientMetadata[],
  options: {
    port?: number;
    control?: boolean;
    /** Another stand-in on the same port: answers true for a request it took. */
    also?: (req: IncomingMessage, res: ServerResponse) => boolean;
  } = {},
): Promise<TestOidcProvider> {
  let account: TestAccount = { sub: "nobody" };
  // Listening first: the issuer's address names the port.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [{ ...signingKey, kid: "test", use: "sig", alg: "RS256" }] as never },
    cookies: { keys: ["a test provider's cookie key"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"], address: ["address"] },
    // Google and Apple put the address in the ID token, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ ...(id === account.sub ? account : {}), sub: id }) }),
  });

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // For a browser test in another process: who logs in next, as JSON.
    if (options.control && req.method === "POST" && req.url === CONTROL_PATH) return void readAccount(req, res);
    if (options.also?.(req, res)) return;
    if (req.url?.startsWith(INTERACTION_PATH)) return void finishInteraction(provider, req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
    return void provider.callback()(req, res);
  });

  function readAccount(req: IncomingMessage, res: ServerResponse) {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      account = JSON.parse(body) as TestAccount;
      res.writeHead(204).end();
    });
  }

  async function finishInteraction(p: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await p.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const grant = new p.Grant({ accountId: account.sub, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    logInAs(next) {
      account = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The app's HTTP client keeps connections open; they would hold the close.
        server.closeAllConnections();
      }),
  };
}

/**
 * A browser at the provider: follows its redirects with the provider's cookies until one leads
 * away from it (to the app's callback), and answers that address; throws when the provider stops
 * with a page of its own (an error).
 */
export async function followProvider(authorizationUrl: string, issuer: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (!url.startsWith(issuer)) return url;
    const response = await fetch(url, { redirect: "manual", headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
  }
  throw new Error("too many redirects at the provider");
}
