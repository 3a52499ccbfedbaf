/** Any origin of ours would do: targets are resolved against it and must stay on it. */
const OWN_ORIGIN = "http://reloop.invalid";
/** Control characters and white space: browsers drop or fold some of them (`/\t/evil` → `//evil`), and headers refuse others. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;
const MAX_TARGET_LENGTH = 2000;

/**
 * The one rule for every redirect target taken from a request (login `next`, verification, the
 * language and consent forms…): only a path on our own origin is followed; anything else becomes
 * the fallback. The answer is the normalised path, query and fragment, safe for a Location header.
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_TARGET_LENGTH) return fallback;
  if (UNSAFE_CHARACTERS.test(value) || value.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself reads as protocol-relative once normalised ("/.//evil") is refused too.
  return target.startsWith("//") ? fallback : target;
}
