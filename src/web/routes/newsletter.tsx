import { redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { isApiError } from "../api-client/client.ts";
import { serializeFlashCookie } from "../shell/cookies.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

/** Without JavaScript the footer form posts here; the result comes back as a flash message. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirectTarget(sameSiteReferer(request));
  let flash: Record<string, string[]>;
  try {
    await storefront(context).api.newsletterSubscribe({ email: String(form.get("email") ?? ""), source: "footer", subscriptionType: "general", locale: storefront(context).locale });
    flash = { success: ["newsletter.flash.success"] };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    flash = { danger: ["newsletter.flash.error.default"] };
  }
  return redirect(back, { status: 303, headers: { "Set-Cookie": serializeFlashCookie(flash) } });
}

export async function loader() {
  return redirect("/", 302);
}
