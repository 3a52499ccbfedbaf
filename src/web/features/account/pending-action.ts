import type { ApiClient } from "../../api-client/client.ts";
import type { FlashBag } from "../../shell/toasts/flashbag.ts";
import { formatPendingAction, pendingActionToast, type PendingAction } from "../../../domain/accounts/pending-action.ts";

/** Runs an action that needed a login; the toast (a text key) that tells what happened. */
export async function runPendingAction(api: ApiClient, action: PendingAction): Promise<string> {
  if (action.kind === "wish") await api.watchlistPut(action.productId);
  else await api.buyAlertPut(action.productId, action.variants);
  return pendingActionToast(action, true);
}

/** The login page, coming back to `back` and then running the action there. */
export function loginFor(action: PendingAction, back: string): string {
  return `/auth?${new URLSearchParams({ next: back, then: formatPendingAction(action) })}`;
}

/** After a login: the success toast, and the pending action run as the customer with its own toast. */
export async function runPendingActionWithFlash(api: ApiClient, pending: PendingAction | null, options: { loginToast?: boolean } = {}): Promise<FlashBag> {
  const flash = { success: options.loginToast === false ? [] : ["user.flash.login.success"], danger: [] as string[] };
  if (pending) {
    await runPendingAction(api, pending).then(
      (done) => flash.success.push(done),
      () => flash.danger.push(pendingActionToast(pending, false)),
    );
  }
  return flash;
}
