import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A token the stand-in knows: who it belongs to, for which app, with which permissions. */
export interface FacebookTestToken {
  appId: string;
  userId: string;
  scopes: string[];
  valid?: boolean;
  me: FacebookTestPerson;
}

/** Who Facebook says a token belongs to. */
export interface FacebookTestPerson {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface FacebookStandIn {
  /** The Graph API's base address, for FACEBOOK_GRAPH_URL. */
  url: string;
  issue(token: string, details: FacebookTestToken): void;
  /** The app tokens debug_token was called with, so a test sees the app authenticated itself. */
  appTokens: string[];
  close(): Promise<void>;
}

/** Where a browser test in another process names who logs in next at the stand-in's dialog. */
export const FACEBOOK_CONTROL_PATH = "/__test/facebook-account";

/**
 * Facebook for tests, as request handling under `base`: the Graph API's debug_token and me (for
 * the server), and for the browser a stand-in of the JavaScript SDK (`{base}/sdk/{locale}/sdk.js`:
 * FB.init and FB.login with Facebook's interface) whose login popup (`{base}/dialog/oauth`) lets
 * the person continue or decline the e-mail permission and issues a token that the Graph API part
 * then answers for. `handle` answers false for a path that is not its own.
 */
export function createFacebookStandIn(base = "") {
  const tokens = new Map<string, FacebookTestToken>();
  const appTokens: string[] = [];
  let person: FacebookTestPerson = { id: "1000", email: "facebook-person@example.com", first_name: "Fiona" };

  function graph(url: URL, send: (status: number, body: unknown) => void) {
    const invalid = () => send(400, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
    if (url.pathname === `${base}/debug_token`) {
      appTokens.push(url.searchParams.get("access_token") ?? "");
      const token = tokens.get(url.searchParams.get("input_token") ?? "");
      if (!token) return send(200, { data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
      return send(200, { data: { app_id: token.appId, user_id: token.userId, is_valid: token.valid ?? true, scopes: token.scopes, type: "USER" } });
    }
    const token = tokens.get(url.searchParams.get("access_token") ?? "");
    if (!token || !url.searchParams.get("appsecret_proof")) return invalid();
    const fields = (url.searchParams.get("fields") ?? "id").split(",");
    // Like Facebook, the address only with the e-mail permission.
    const me = Object.fromEntries(Object.entries(token.me).filter(([key]) => fields.includes(key) && (key !== "email" || token.scopes.includes("email"))));
    return send(200, me);
  }

  /** The login popup's answer: a token for the app with the permissions granted, handed to the opener. */
  function grant(form: URLSearchParams, res: ServerResponse) {
    const opener = safeOrigin(form.get("origin"));
    const appId = form.get("client_id") ?? "";
    if (!opener || !/^\d+$/.test(appId)) return void res.writeHead(400).end("bad request");
    const asked = (form.get("scope") ?? "").split(",").filter(Boolean);
    const scopes = ["public_profile", ...asked.filter((scope) => scope !== "public_profile" && !(scope === "email" && form.get("choice") === "decline-email"))];
    const accessToken = `fb-${randomBytes(16).toString("hex")}`;
    tokens.set(accessToken, { appId, userId: person.id, scopes, me: person });
    const answer = {
      status: "connected",
      authResponse: { accessToken, expiresIn: 5183944, userID: person.id, ...(form.get("return_scopes") === "true" ? { grantedScopes: scopes.join(",") } : {}) },
    };
    html(res, `<p>Done.</p><script>window.opener.postMessage(${json({ source: "facebook-stand-in", answer })}, ${json(opener)}); window.close();</script>`);
  }

  function dialog(url: URL, res: ServerResponse) {
    const hidden = ["client_id", "scope", "return_scopes", "origin"].map((name) => `<input type="hidden" name="${name}" value="${escape(url.searchParams.get(name) ?? "")}">`).join("");
    html(
      res,
      `<h1>Facebook</h1><p>${escape(person.first_name ?? person.id)}, continue to the shop? It asks for: ${escape(url.searchParams.get("scope") ?? "")}</p>
<form method="post">${hidden}<button name="choice" value="continue">Continue</button> <button name="choice" value="decline-email">Decline e-mail</button></form>`,
    );
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "POST" && url.pathname === FACEBOOK_CONTROL_PATH) {
      void readBody(req).then((body) => {
        person = JSON.parse(body) as FacebookTestPerson;
        res.writeHead(204).end();
      });
      return true;
    }
    if (!url.pathname.startsWith(`${base}/`)) return false;
    if (url.pathname === `${base}/debug_token` || url.pathname === `${base}/me`) return graph(url, send), true;
    if (/^\/sdk\/[a-z]{2}_[A-Z]{2}\/sdk\.js$/.test(url.pathname.slice(base.length))) {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" }).end(sdkScript(`http://${req.headers.host}${base}`));
      return true;
    }
    if (url.pathname === `${base}/dialog/oauth` && req.method === "GET") return dialog(url, res), true;
    if (url.pathname === `${base}/dialog/oauth` && req.method === "POST") {
      void readBody(req).then((body) => grant(new URLSearchParams(body), res));
      return true;
    }
    send(404, { error: { message: "Unknown path" } });
    return true;
  }

  return { handle, issue: (token: string, details: FacebookTestToken) => void tokens.set(token, details), appTokens };
}

/** Facebook's Graph API (and the browser's SDK and popup) on 127.0.0.1 at a free port. */
export async function startFacebookStandIn(): Promise<FacebookStandIn> {
  const standIn = createFacebookStandIn();
  const server: Server = createServer((req, res) => void standIn.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issue: standIn.issue,
    appTokens: standIn.appTokens,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The SDK's stand-in: FB.init (the app and version v12.0) and FB.login(callback, { scope,
 * return_scopes }), which opens the dialog in a popup and calls back with its answer, or with
 * status "unknown" and no authResponse when the popup is closed without one.
 */
function sdkScript(base: string): string {
  return `(function () {
  var base = ${json(base)};
  var appId = null;
  window.FB = {
    init: function (options) {
      if (options.version !== "v12.0") throw new Error("This SDK stand-in speaks v12.0, not " + options.version);
      appId = String(options.appId);
    },
    login: function (callback, options) {
      if (!appId) throw new Error("FB.login before FB.init");
      var query = new URLSearchParams({ client_id: appId, scope: (options && options.scope) || "", return_scopes: String(Boolean(options && options.return_scopes)), origin: location.origin });
      var popup = window.open(base + "/dialog/oauth?" + query, "facebook-login", "width=600,height=679");
      var done = false;
      function finish(answer) {
        if (done) return;
        done = true;
        clearInterval(timer);
        window.removeEventListener("message", listen);
        callback(answer);
      }
      function listen(event) {
        if (event.origin === new URL(base).origin && event.data && event.data.source === "facebook-stand-in") finish(event.data.answer);
      }
      window.addEventListener("message", listen);
      var timer = setInterval(function () {
        if (!popup || popup.closed) setTimeout(function () { finish({ status: "unknown", authResponse: null }); }, 500);
      }, 250);
    },
  };
  if (typeof window.fbAsyncInit === "function") window.fbAsyncInit();
})();
`;
}

function safeOrigin(value: string | null): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) ? url.origin : null;
}

/** JSON safe inside a script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (res: ServerResponse, body: string) =>
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Facebook</title><body>${body}</body></html>`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });
}
