/** Everything of the page CSP but the script sources, joined once rather than on every response. */
const CSP_AFTER_SCRIPTS = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/**
 * Headers every HTML page carries. Scripts come only from our origin, and inline ones (React
 * Router's hydration data) only with this response's nonce.
 */
export function securityHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; ${CSP_AFTER_SCRIPTS}`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

/**
 * Every page depends on the visitor's cookies (language, consent), so no shared cache may keep it;
 * a signed-in customer's pages (their e-mail in the header, their orders) are not stored at all.
 */
export function pageCacheControl(signedIn: boolean): string {
  return signedIn ? "private, no-store" : "private, no-cache";
}
