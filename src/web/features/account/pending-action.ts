import type { ApiClient } from "../../api-client/client.ts";
import { formatPendingAction, type PendingAction } from "../../../domain/accounts/pending-action.ts";

/** Runs an action that needed a login; the toast (a text key) that tells what happened. */
export async function runPendingAction(api: ApiClient, action: PendingAction): Promise<string> {
  if (action.kind === "wish") {
    await api.watchlistPut(action.productId);
    return "blue.wishlist.flash.added";
  }
  await api.buyAlertPut(action.productId, action.variants);
  return action.variants ? "blue.buyAlert.flash.addedVariants" : "blue.buyAlert.flash.addedProduct";
}

/** The login page, coming back to `back` and then running the action there. */
export function loginFor(action: PendingAction, back: string): string {
  return `/auth?${new URLSearchParams({ next: back, then: formatPendingAction(action) })}`;
}
