import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from our own pages: a browser names the page's origin in
 * `Origin` (and `Sec-Fetch-Site`), so a form on another site cannot log someone in or out,
 * subscribe them or change their settings. Clients that are not browsers send neither header.
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    let crossSite = request.headers["sec-fetch-site"] === "cross-site";
    if (origin !== undefined) {
      try {
        // Compared as URLs, so an explicit default port (:80, :443) on either side does not matter.
        const own = ["http", "https"].map((scheme) => new URL(`${scheme}://${request.host}`).host);
        crossSite = !own.includes(new URL(origin).host);
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) throw new AppError(403, "CROSS_SITE_REQUEST", "This request must come from a page of this shop.", "origin");
  });
}
