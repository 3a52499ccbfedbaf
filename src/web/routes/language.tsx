import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale, type Locale } from "../../domain/i18n/locales.ts";
import { serializeLanguageCookie } from "../shell/cookies.ts";
import { isApiError, type ApiClient } from "../api-client/client.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { categoryOfPath, pathInLanguage } from "../../domain/routing/language-switch.ts";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

/**
 * Sets the language cookie for a year (and the account's language when logged in), then returns to
 * the page the visitor was on, in the new language: /kaufen/elektronik/smartphones becomes
 * /buy/electronics/smartphones, /kaufen/suchen?query=… /buy/search?query=….
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  const target = safeRedirectTarget(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(target, 303);
  // A logged-in customer's choice is stored with the account too; for a visitor the API answers 401 and only the cookie is set.
  try {
    await storefront(context).api.updateLocale(locale);
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
  }
  return redirect(await inLanguage(storefront(context).api, target, locale), { status: 303, headers: { "Set-Cookie": serializeLanguageCookie(storefront(context).productName, locale) } });
}

/** The same page in the language: a category's path comes from the catalogue, the rest from the route table's translated segments. */
async function inLanguage(api: ApiClient, target: string, locale: Locale): Promise<string> {
  const url = new URL(target, "http://shop.invalid");
  const category = categoryOfPath(url.pathname);
  let categoryPath: string | undefined;
  if (category) {
    const path = safeDecode(category.path);
    // A path the catalogue does not know keeps its words; the page then says so in the new language.
    categoryPath = path === null ? undefined : ((await api.navigationByPath(locale, path, category.pathLocale).catch(() => null))?.alternates[locale] ?? undefined);
  }
  return pathInLanguage(url.pathname, locale, categoryPath) + url.search + url.hash;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export async function loader() {
  return redirect("/", 302);
}
