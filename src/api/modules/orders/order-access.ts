import { createHmac } from "node:crypto";
import { sameSecret } from "../../secrets.ts";

/**
 * The key in an order mail's link that opens the order without an account (guests have none):
 * an HMAC of the order's UUID under the cookie secret, so nothing is stored and every instance
 * checks it alike. Whoever holds the mail may see the order and return its items, as with a
 * shop's printed order number and postcode.
 */
export function orderAccessKey(secret: string, orderUuid: string): string {
  return createHmac("sha256", secret).update(`order-access:${orderUuid}`).digest("base64url").slice(0, 32);
}

export function isOrderAccessKey(secret: string, orderUuid: string, key: string | undefined): boolean {
  return key !== undefined && sameSecret(key, orderAccessKey(secret, orderUuid));
}

/** The order's page as a mail links it: the account's, with the key for a guest's order. */
export function orderPageUrl(publicUrl: string, secret: string, order: { uuid: string; customerUuid: string | null }): string {
  const url = new URL(`/my/orders/${order.uuid}`, publicUrl);
  if (!order.customerUuid) url.searchParams.set("key", orderAccessKey(secret, order.uuid));
  return url.href;
}
