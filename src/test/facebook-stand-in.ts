import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A token the stand-in knows: who it belongs to, for which app, with which permissions. */
export interface FacebookTestToken {
  appId: string;
  userId: string;
  scopes: string[];
  valid?: boolean;
  me: { id: string; email?: string; first_name?: string; last_name?: string };
}

export interface FacebookStandIn {
  /** The Graph API's base address, for FACEBOOK_GRAPH_URL. */
  url: string;
  issue(token: string, details: FacebookTestToken): void;
  /** The app tokens debug_token was called with, so a test sees the app authenticated itself. */
  appTokens: string[];
  close(): Promise<void>;
}

/** Facebook's debug_token and me endpoints on 127.0.0.1, answering as the Graph API does. */
export async function startFacebookStandIn(): Promise<FacebookStandIn> {
  const tokens = new Map<string, FacebookTestToken>();
  const appTokens: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const invalid = () => send(400, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
    if (url.pathname === "/debug_token") {
      appTokens.push(url.searchParams.get("access_token") ?? "");
      const token = tokens.get(url.searchParams.get("input_token") ?? "");
      if (!token) return send(200, { data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
      return send(200, { data: { app_id: token.appId, user_id: token.userId, is_valid: token.valid ?? true, scopes: token.scopes, type: "USER" } });
    }
    if (url.pathname === "/me") {
      const token = tokens.get(url.searchParams.get("access_token") ?? "");
      if (!token || !url.searchParams.get("appsecret_proof")) return invalid();
      const fields = (url.searchParams.get("fields") ?? "id").split(",");
      // Like Facebook, the address only with the e-mail permission.
      const me = Object.fromEntries(Object.entries(token.me).filter(([key]) => fields.includes(key) && (key !== "email" || token.scopes.includes("email"))));
      return send(200, me);
    }
    return send(404, { error: { message: "Unknown path" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issue: (token, details) => void tokens.set(token, details),
    appTokens,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
