/** Only same-site relative paths are followed after a form, so no one can bounce visitors elsewhere. */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
