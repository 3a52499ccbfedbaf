import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale, languageCookieName, LANGUAGE_COOKIE_MAX_AGE_DAYS } from "../../domain/i18n/locales.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";

/** Sets the language cookie for a year and returns to the page the visitor was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const target = safeRedirectTarget(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(target, 303);
  const cookie = [
    `${languageCookieName(context.productName)}=${locale}`,
    "Path=/",
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}`,
    "SameSite=Lax",
  ].join("; ");
  return redirect(target, { status: 303, headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/", 302);
}
