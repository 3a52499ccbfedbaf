/**
 * Everything of the page CSP but the nonce, joined once per setting rather than on every response.
 * With Facebook login, its SDK's origin may serve scripts and be talked to, and Facebook's own
 * pages may be framed (the SDK's helper frames); without it, nothing of Facebook is allowed.
 */
function cspParts(facebookSdkOrigin: string | null): { scripts: string; rest: string } {
  const facebook = facebookSdkOrigin ? ` ${facebookSdkOrigin}` : "";
  return {
    scripts: `script-src 'self'${facebook}`,
    rest: [
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "media-src 'self'",
      `connect-src 'self' ws: wss:${facebook}`,
      ...(facebookSdkOrigin ? ["frame-src 'self' https://*.facebook.com"] : []),
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
  };
}
const CSP = new Map<string | null, ReturnType<typeof cspParts>>();

/**
 * Headers every HTML page carries. Scripts come only from our origin (and Facebook's SDK, when its
 * login is offered), and inline ones (React Router's hydration data) only with this response's nonce.
 */
export function securityHeaders(nonce: string, facebookSdkOrigin: string | null = null): Record<string, string> {
  let csp = CSP.get(facebookSdkOrigin);
  if (!csp) CSP.set(facebookSdkOrigin, (csp = cspParts(facebookSdkOrigin)));
  return {
    "Content-Security-Policy": `default-src 'self'; ${csp.scripts} 'nonce-${nonce}'; ${csp.rest}`,
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
