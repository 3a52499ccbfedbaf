import { redirect } from "react-router";
import type { Route } from "./+types/login-check-facebook";
import { afterLoginTarget } from "../../domain/accounts/accounts.ts";
import { parsePendingAction } from "../../domain/accounts/pending-action.ts";
import { isApiError } from "../api-client/client.ts";
import { runPendingActionWithFlash } from "../features/account/pending-action.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

/**
 * The form target of a Facebook login: the access token Facebook's SDK gave the page, checked by the
 * API with Facebook. Success goes on like the login form (then the pending action, then next); a
 * refusal goes back to the login page with its message, keeping next and the pending action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = String(form.get("next") ?? "") || null;
  const then = String(form.get("then") ?? "");
  const previous = sameSiteReferer(request);
  const expiresIn = Number(form.get("expiresIn"));
  try {
    const { setCookies } = await storefront(context).api.facebookLogin({ accessToken: String(form.get("accessToken") ?? ""), expiresIn: Number.isFinite(expiresIn) ? expiresIn : 0 });
    const flash = await runPendingActionWithFlash(storefront(context).apiAs(setCookies), parsePendingAction(then));
    return redirectWithFlash(afterLoginTarget({ intent: next, previous, platform: "blue" }), setCookies, flash);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    const back = new URLSearchParams({ error: "social", ...(next ? { next } : {}), ...(parsePendingAction(then) ? { then } : {}) });
    return redirect(`/auth?${back}`, 303);
  }
}

export function loader() {
  return redirect("/auth", 302);
}
