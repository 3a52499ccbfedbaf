import { GRADES, type Grade } from "../catalogue/grades.ts";

/**
 * An action that needs a login, remembered across the login page (and carried in its URL): it runs
 * once the customer is signed in, so nothing they meant to do is lost.
 */
export type PendingAction = { kind: "wish"; productId: number } | { kind: "alert"; productId: number; variants: Grade[] | null };

export function formatPendingAction(action: PendingAction): string {
  if (action.kind === "wish") return `wish:${action.productId}`;
  return `alert:${action.productId}:${action.variants ? action.variants.join(",") : "any"}`;
}

/** The action named by a `then` parameter; null for anything malformed (it is typed by strangers, too). */
export function parsePendingAction(value: string | null | undefined): PendingAction | null {
  const match = /^(wish|alert):(\d{1,9})(?::(any|[A-Z0-9,]{2,40}))?$/.exec(value ?? "");
  if (!match) return null;
  const productId = Number(match[2]);
  if (match[1] === "wish") return match[3] === undefined ? { kind: "wish", productId } : null;
  if (match[3] === undefined || match[3] === "any") return { kind: "alert", productId, variants: null };
  const variants = match[3].split(",");
  if (!variants.every((v): v is Grade => (GRADES as readonly string[]).includes(v))) return null;
  return { kind: "alert", productId, variants: [...new Set(variants)] };
}

/** The toast (a text key) that tells how a pending action went, wherever it ran. */
export function pendingActionToast(action: PendingAction, done: boolean): string {
  if (action.kind === "wish") return done ? "blue.wishlist.flash.added" : "blue.wishlist.flash.addFailure";
  if (!done) return "blue.buyAlert.flash.error.default";
  return action.variants ? "blue.buyAlert.flash.addedVariants" : "blue.buyAlert.flash.addedProduct";
}
