import { data, redirect } from "react-router";
import { returnsApi, type ReturnsApi } from "../../api-client/returns.ts";
import { storefront, type RouterContext } from "../../load-context.ts";
import { readForm } from "../../shell/forms.ts";
import { pageNotFoundOn } from "../../shell/route-errors.ts";
import { keyOf } from "./order-returns.ts";
import { requireCustomer } from "./require-customer.ts";

/** The caller's way to the order: the mail's key, or else a login. */
async function accessOf(url: URL, context: RouterContext): Promise<string | undefined> {
  const key = keyOf(url);
  if (!key) await requireCustomer(url, context);
  return key;
}

/** The return and claim pages' loader: the order and what of it may be asked for now; an order the visitor may not see does not exist. */
export async function loadOrderOffer(orderUuid: string, url: URL, context: RouterContext) {
  const key = await accessOf(url, context);
  const api = returnsApi(storefront(context).api);
  try {
    const [order, overview] = await Promise.all([api.order(orderUuid, key), api.overview(orderUuid, key)]);
    return { order: { orderUuid: order.orderUuid, number: order.number }, overview, key };
  } catch (error) {
    return pageNotFoundOn(error);
  }
}

/** Their action: the form sent by `send`; back to the order, or the form again with what was typed and what is wrong. */
export async function answerOrderRequest<A extends { status: number }>(
  request: Request,
  url: URL,
  context: RouterContext,
  send: (api: ReturnsApi, key: string | undefined, form: FormData) => Promise<{ redirect: string } | A>,
) {
  const key = await accessOf(url, context);
  try {
    const sent = await send(returnsApi(storefront(context).api), key, await readForm(request));
    if ("redirect" in sent) return redirect(sent.redirect, 303);
    const { status, ...answer } = sent;
    return data(answer, { status });
  } catch (error) {
    return pageNotFoundOn(error);
  }
}
