import { randomBytes } from "node:crypto";

/**
 * In-process calls from the storefront's loaders carry this per-process token, so the rate limit
 * does not count a page's API calls a second time. It never leaves the process.
 */
export const INTERNAL_HEADER = "x-reloop-internal";
export const INTERNAL_TOKEN = randomBytes(24).toString("base64url");
