import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout-payment-return";
import { isApiError } from "../api-client/client.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { storefront } from "../load-context.ts";

const finish = (orderUuid: string) => `/checkout/order/index/id/${orderUuid}`;

/**
 * The customer is back from the payment provider: the verdict travels signed (sandbox) or is
 * asked of the provider (Stripe). Paid → the finish page; declined or abandoned → the cart, which
 * is still intact, with a toast. Nothing to render: this route only redirects.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const q = (name: string) => url.searchParams.get(name) ?? "";
  try {
    let outcome: { orderUuid: string; status: string; result: string };
    if (q("session_id")) outcome = await storefront(context).api.stripeReturn(q("session_id"));
    else if (q("provider") === "stripe") outcome = await storefront(context).api.stripeAbandon(q("payment"));
    else outcome = await storefront(context).api.paymentReturn({ paymentUuid: q("payment"), result: q("result"), signature: q("signature") });
    if (outcome.orderUuid !== params.orderUuid) throw data(null, { status: 404 });
    if (outcome.status === "cancelled") {
      return redirectWithFlash("/checkout/cart", [], { [outcome.result === "declined" ? "danger" : "notice"]: [`checkout.paymentResult.${outcome.result === "declined" ? "declined" : "abandoned"}`] });
    }
    return redirect(finish(outcome.orderUuid), 303);
  } catch (error) {
    if (isApiError(error) && error.status < 500) throw data(null, { status: error.status === 400 ? 400 : 404 });
    throw error;
  }
}
