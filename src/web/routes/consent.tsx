import { redirect } from "react-router";
import type { Route } from "./+types/consent";
import { applyConsentEvent, UNDECIDED } from "../shell/consent/consent.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { serializeConsentCookie } from "../shell/cookies.ts";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

/** The banner's accept-all and reject-all without JavaScript: the choice is stored, the page comes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const choice = form.get("choice");
  const target = safeRedirectTarget(form.get("redirectTo"));
  if (choice !== "reject" && choice !== "acceptAll") return redirect(target, 303);
  const state = applyConsentEvent(UNDECIDED, { type: choice });
  return redirect(target, { status: 303, headers: { "Set-Cookie": serializeConsentCookie(storefront(context).productName, state) } });
}

export async function loader() {
  return redirect("/", 302);
}
