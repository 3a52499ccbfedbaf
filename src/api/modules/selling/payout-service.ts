import { shopDayIso } from "../../../domain/dates.ts";
import { buildCreditTransferFile } from "../../../domain/payouts/sepa-credit-transfer.ts";
import { AppError } from "../../errors.ts";
import { requireRecentSecondFactor, requireRole, type StaffActor } from "../staff/service.ts";
import type { RefundTransferRow } from "../../../db/refund-transfers.ts";
import type { PayoutRow } from "./payout-repository.ts";
import type { DuePayouts, PayoutBatchCreateInput, PayoutBatchList, PayoutBatchView } from "./payout-schemas.ts";
import type { SaleRepository } from "./sale-repository.ts";
import { MAIL_OF, type createSaleSteps } from "./sale-steps.ts";

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const batchNotFound = () => AppError.notFound("PAYOUT_BATCH_NOT_FOUND", "There is no such payout batch.", "batchId");

export interface ShopBankAccount {
  holder: string;
  iban: string;
  bic: string;
}

function refundView(row: RefundTransferRow) {
  return {
    refundUuid: row.uuid,
    orderUuid: row.orderUuid,
    orderNumber: row.orderNumber,
    customerEmail: row.email,
    account: row.payee?.iban ?? null,
    holder: row.payee?.name ?? null,
    amount: EUR(row.amount),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function payoutView(row: PayoutRow) {
  const bank = "iban" in row.account ? row.account : null;
  return {
    saleUuid: row.saleUuid,
    saleNumber: row.saleNumber,
    sellerEmail: row.sellerEmail,
    method: row.method,
    account: bank ? bank.iban : "email" in row.account ? row.account.email : "",
    holder: bank?.holder ?? null,
    amount: EUR(row.amount),
    settledAt: new Date(row.settledAt).toISOString(),
  };
}

/**
 * Paying sellers: settled sales' payouts are due; finance gathers them into a batch, exports its
 * bank transfers as a SEPA file for the bank, and marks the batch executed once the bank has run
 * it, which marks each sale paid and mails its seller. Money going out: the finance role and a
 * recent second factor, an audit row for every step.
 */
export function createPayoutService(repo: SaleRepository, steps: ReturnType<typeof createSaleSteps>, deps: { clock: () => Date; bank: ShopBankAccount }) {
  const { transition, afterCommit } = steps;

  async function batchView(id: number): Promise<PayoutBatchView> {
    const [batch, rows, refunds] = await Promise.all([repo.payoutBatch(id), repo.batchPayouts(id), repo.batchRefundTransfers(id)]);
    if (!batch) throw batchNotFound();
    const bankTransfers = rows.filter((r) => r.method === "bank_transfer").map(payoutView);
    return {
      id: batch.id,
      createdAt: new Date(batch.createdAt).toISOString(),
      createdByEmail: batch.createdByEmail,
      executedAt: batch.executedAt ? new Date(batch.executedAt).toISOString() : null,
      total: EUR(batch.total),
      bankTransfers,
      paypal: rows.filter((r) => r.method === "paypal").map(payoutView),
      refunds: refunds.map(refundView),
      sepaUrl: bankTransfers.length + refunds.length > 0 ? `/api/ops/payout-batches/${batch.id}/sepa.xml` : null,
    };
  }

  return {
    async due(actor: StaffActor): Promise<DuePayouts> {
      requireRole(actor, "finance");
      const [rows, refunds] = await Promise.all([repo.duePayouts(), repo.dueRefundTransfers()]);
      const total = rows.reduce((sum, r) => sum + r.amount, 0) + refunds.reduce((sum, r) => sum + (r.payee ? r.amount : 0), 0);
      return { payouts: rows.map(payoutView), refunds: refunds.map(refundView), total: EUR(total) };
    },

    async batches(actor: StaffActor): Promise<PayoutBatchList> {
      requireRole(actor, "finance");
      const rows = await repo.payoutBatches();
      return {
        batches: rows.map((b) => ({
          id: b.id,
          createdAt: new Date(b.createdAt).toISOString(),
          createdByEmail: b.createdByEmail,
          executedAt: b.executedAt ? new Date(b.executedAt).toISOString() : null,
          total: EUR(b.total),
          count: b.count,
          sepaUrl: b.bankTransfers > 0 ? `/api/ops/payout-batches/${b.id}/sepa.xml` : null,
        })),
      };
    },

    async batch(actor: StaffActor, id: number): Promise<PayoutBatchView> {
      requireRole(actor, "finance");
      return batchView(id);
    },

    /** A batch of the due payouts asked for (all of them without a list); a payout already batched stays in its batch. */
    async createBatch(actor: StaffActor, input: PayoutBatchCreateInput): Promise<PayoutBatchView> {
      requireRole(actor, "finance");
      requireRecentSecondFactor(actor, deps.clock());
      const id = await repo.inTransaction(async (tx) => {
        const batch = await tx.createPayoutBatch(actor.uuid, input.saleUuids);
        if (!batch) throw new AppError(409, "NOTHING_DUE", "None of these payouts is due: they are sent or in another batch already.", "saleUuids");
        await tx.audit(actor, { action: "payout_batch.create", entityType: "payout_batch", entityId: String(batch.id), after: { total: batch.total, saleUuids: batch.saleUuids, refundsTotal: batch.refunds } });
        return batch.id;
      });
      return batchView(id);
    },

    /**
     * The batch's bank transfers as a SEPA credit transfer file (pain.001.001.09) from the shop's
     * account: made from the batch's own rows and time, so every export gives the same file.
     */
    async exportSepa(actor: StaffActor, id: number): Promise<{ fileName: string; xml: string }> {
      requireRole(actor, "finance");
      requireRecentSecondFactor(actor, deps.clock());
      const view = await batchView(id);
      if (view.bankTransfers.length + view.refunds.length === 0) throw new AppError(409, "PAYOUT_BATCH_WITHOUT_TRANSFERS", "This batch has no bank transfers: its payouts go through PayPal.", "batchId");
      const createdAt = new Date(view.createdAt);
      const xml = buildCreditTransferFile({
        messageId: `RELOOP-PAYOUTS-${id}`,
        createdAt,
        requestedExecutionDate: shopDayIso(createdAt),
        debtor: { name: deps.bank.holder, iban: deps.bank.iban, bic: deps.bank.bic },
        transfers: view.bankTransfers.map((p) => ({
          endToEndId: p.saleNumber,
          amountCents: p.amount.amount,
          creditorName: p.holder ?? p.sellerEmail,
          creditorIban: p.account,
          remittanceInformation: `Reloop Ankauf ${p.saleNumber}`,
        })).concat(
          view.refunds.map((r) => ({
            endToEndId: `${r.orderNumber}-R`,
            amountCents: r.amount.amount,
            creditorName: r.holder ?? r.customerEmail,
            creditorIban: r.account!,
            remittanceInformation: `Reloop Erstattung ${r.orderNumber}`,
          })),
        ),
      });
      await repo.inTransaction((tx) => tx.audit(actor, { action: "payout_batch.export", entityType: "payout_batch", entityId: String(id), after: { transfers: view.bankTransfers.length, total: view.total.amount } }));
      return { fileName: `reloop-payouts-${id}.xml`, xml };
    },

    /** The bank ran the batch: each sale is paid, its seller mailed; once only. */
    async markExecuted(actor: StaffActor, id: number): Promise<PayoutBatchView> {
      requireRole(actor, "finance");
      const now = deps.clock();
      requireRecentSecondFactor(actor, now);
      const paid = await repo.inTransaction(async (tx) => {
        const batch = await tx.lockPayoutBatch(id);
        if (!batch) throw batchNotFound();
        if (batch.executedAt) throw new AppError(409, "PAYOUT_BATCH_EXECUTED", "This batch was marked executed already.", "batchId");
        const rows = await tx.batchPayouts(id);
        for (const row of rows) {
          const sale = await tx.lockSale(row.saleUuid);
          if (!sale || !(await transition(tx, sale, { type: "payout_sent" }, `staff:${actor.email}`, now))) {
            throw new AppError(409, "PAYOUT_BATCH_EXECUTED", `Sale ${row.saleNumber} is not waiting for its payout any more.`, "batchId");
          }
        }
        await tx.markRefundTransfersSent(id);
        await tx.markPayoutBatchExecuted(id, actor.uuid, now);
        await tx.audit(actor, { action: "payout_batch.executed", entityType: "payout_batch", entityId: String(id), before: { executedAt: null }, after: { executedAt: now.toISOString(), sales: rows.map((r) => r.saleNumber), total: batch.total } });
        return rows.map((r) => r.saleUuid);
      });
      for (const saleUuid of paid) await afterCommit(saleUuid, MAIL_OF.paid);
      return batchView(id);
    },

    /** The bank sent a payout back: the sale is settled again but unpaid, and its seller is asked to correct the account. */
    async markReturned(actor: StaffActor, saleUuid: string): Promise<void> {
      requireRole(actor, "finance");
      const now = deps.clock();
      await repo.inTransaction(async (tx) => {
        const sale = await tx.lockSale(saleUuid);
        if (!sale) throw AppError.notFound("SALE_NOT_FOUND", "There is no such sale.", "saleUuid");
        if (!(await tx.markPayoutReturned(saleUuid)) || !(await transition(tx, sale, { type: "payout_returned" }, `staff:${actor.email}`, now))) {
          throw new AppError(409, "SALE_TRANSITION_NOT_ALLOWED", "This sale's payout was not sent, so it cannot come back.", "saleUuid");
        }
        await tx.audit(actor, { action: "payout.returned", entityType: "sale", entityId: saleUuid, before: { status: sale.status, payout: "sent" }, after: { status: "offer_confirmed", payout: "returned" } });
      });
      await afterCommit(saleUuid, "payoutReturned");
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
