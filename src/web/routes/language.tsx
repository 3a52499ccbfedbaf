import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale } from "../../domain/i18n/locales.ts";
import { serializeLanguageCookie } from "../shell/cookies.ts";
import { isApiError } from "../api-client/client.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { readForm } from "../shell/forms.ts";

/** Sets the language cookie for a year (and the account's language when logged in), then returns to the page the visitor was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  const target = safeRedirectTarget(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(target, 303);
  // A logged-in customer's choice is stored with the account too; for a visitor the API answers 401 and only the cookie is set.
  try {
    await context.api.updateLocale(locale);
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
  }
  return redirect(target, { status: 303, headers: { "Set-Cookie": serializeLanguageCookie(context.productName, locale) } });
}

export async function loader() {
  return redirect("/", 302);
}
