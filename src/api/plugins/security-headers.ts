import type { FastifyInstance, FastifyRequest } from "fastify";

/** JSON and the API's other answers are never a document to render, frame or run. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers for every answer that is not a storefront page (pages set theirs when rendered):
 * no content sniffing anywhere; no framing and a closed CSP for the API unless a route (the docs
 * page) brings its own; nothing personal kept by any cache.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hasSession: (request: FastifyRequest) => boolean }): void {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (!request.url.startsWith("/api/")) return;
    reply.header("x-frame-options", "DENY");
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
    if (!reply.hasHeader("cache-control") && options.hasSession(request)) reply.header("cache-control", "private, no-store");
  });
}

/** The docs page's own CSP (hashes of its inline code), without what does not fit this app. */
export function docsCsp(header: string): string {
  return header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(" validator.swagger.io", "")
    .replace(/\s*upgrade-insecure-requests;?/, "")
    .trim();
}
