import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** JSON and the API's other answers are never a document to render, frame or run. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers for every answer that is not a storefront page (pages set theirs when rendered):
 * no content sniffing anywhere; no framing and a closed CSP for the API unless a route (the docs
 * page) brings its own; nothing personal kept by any cache.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (!request.url.startsWith("/api/")) return;
    reply.header("x-frame-options", "DENY");
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
    if (!reply.hasHeader("cache-control") && isPersonal(request, reply)) reply.header("cache-control", "private, no-store");
  });
}

/**
 * An answer to a request that carried cookies may depend on them (a guest's cart, its order with
 * e-mail and addresses, not only a session's), and one that sets a cookie is someone's: neither is
 * kept by a shared cache. Routes whose answers depend on no cookie (pictures, sitemaps) set their own.
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  return (request.headers.cookie ?? "").trim() !== "" || reply.hasHeader("set-cookie");
}

/** The docs page's own CSP (hashes of its inline code), without what does not fit this app. */
export function docsCsp(header: string): string {
  return header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(" validator.swagger.io", "")
    .replace(/\s*upgrade-insecure-requests;?/, "")
    .trim();
}
