import type { DuePayouts, PayoutBatchCreateInput } from "../../../api/contract.ts";

type RefundTransfer = DuePayouts["refunds"][number];

/**
 * What a batch of "all due" takes besides the sellers' payouts: the customers' refunds whose
 * account is known (the account the order's transfer came from). Those without one wait until
 * finance has asked the customer for it.
 */
export function refundsToBatch(refunds: readonly RefundTransfer[]): { withAccount: number; withoutAccount: number; cents: number } {
  const withAccount = refunds.filter((r) => r.account !== null);
  return { withAccount: withAccount.length, withoutAccount: refunds.length - withAccount.length, cents: withAccount.reduce((sum, r) => sum + r.amount.amount, 0) };
}

/**
 * The batch the payouts page's form asks for: everything due (payouts and refunds with an
 * account) by its own button, else the chosen sales only; none chosen is no batch at all.
 */
export function batchRequestOf(form: FormData): PayoutBatchCreateInput | null {
  if (form.get("intent") === "all") return {};
  const saleUuids = form.getAll("sale").map(String);
  return saleUuids.length > 0 ? { saleUuids } : null;
}
