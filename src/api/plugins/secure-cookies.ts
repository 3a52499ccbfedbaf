import type { FastifyInstance } from "fastify";

const SECURE_ATTRIBUTE = /;\s*secure\s*(;|$)/i;

/**
 * A shop served over HTTPS (PUBLIC_URL's scheme) marks every cookie it sets Secure: the API's,
 * the storefront's (language, consent, flash messages) and any added later, whatever the
 * protocol of the hop that reached this process (a proxy without TRUST_PROXY looks like http).
 */
export function registerSecureCookies(app: FastifyInstance, publicUrl: string): void {
  if (new URL(publicUrl).protocol !== "https:") return;
  app.addHook("onSend", async (_request, reply) => {
    const header = reply.getHeader("set-cookie");
    if (header === undefined) return;
    const cookies = (Array.isArray(header) ? header : [header]).map(String);
    if (cookies.every((cookie) => SECURE_ATTRIBUTE.test(cookie))) return;
    // Set-Cookie headers are added to, not replaced: remove before writing them again.
    reply.removeHeader("set-cookie");
    reply.header("set-cookie", cookies.map((cookie) => (SECURE_ATTRIBUTE.test(cookie) ? cookie : `${cookie}; Secure`)));
  });
}
