import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { normalizeEmail } from "../../../domain/accounts/accounts.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";

import { sellTotals } from "../../../domain/selling/sell-cart-rules.ts";
import { AppError } from "../../errors.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { replayOf, requestHash, type IdempotentAnswer } from "../../idempotency.ts";
import type { CartOwner, CartService } from "../cart/service.ts";
import type { SellCartService } from "./sell-cart-service.ts";
import { createSaleSteps, MAIL_OF, payoutOf, type SaleJobs } from "./sale-steps.ts";
import type { SaleRepository, SaleRow } from "./sale-repository.ts";
import type { CheckedOutSale, PayoutAccountInput, SellCheckoutInput, SaleList, SaleView, StaffSaleEvent } from "./sale-schemas.ts";


/** Which desk records each step by hand. */
const ROLE_OF_EVENT: Record<StaffSaleEvent["type"], StaffRole[]> = {
  parcel_received: ["receiving"],
  parcel_returned: ["receiving"],
  inspection_started: ["grading"],
  offer_confirmed: ["grading"],
  counteroffer_made: ["grading"],
  payout_sent: ["finance"],
};
const SALE_PAGE_SIZE = 10;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
type Customer = { uuid: string; email: string };

export function createSaleService(
  repo: SaleRepository,
  deps: {
    carts: CartService;
    sellCart: SellCartService;
    clock: () => Date;
    jobs?: SaleJobs;
    subscribeNewsletter?: (email: string, locale: Locale) => Promise<void>;
    log?: (msg: string, err: unknown) => void;
  },
) {
  const log = deps.log ?? ((msg: string, err: unknown) => console.error(msg, err));

  const { afterCommit, transition } = createSaleSteps({ jobs: deps.jobs, log });

  async function ownSale(customer: Customer, uuid: string): Promise<SaleRow> {
    const sale = await repo.sale(uuid);
    // Another customer's sale answers as if there were none.
    if (!sale || sale.customerUuid !== customer.uuid) throw AppError.notFound("SALE_NOT_FOUND", "There is no such sale in your account.", "saleUuid");
    return sale;
  }

  function payoutAccountOf(input: SellCheckoutInput["payout"]): SaleRow["payoutAccount"] {
    if (input.method === "paypal") return { email: normalizeEmail(input.email) };
    const iban = electronicFormatIBAN(input.iban) ?? "";
    if (!isValidIBAN(iban)) throw AppError.badRequest("IBAN_INVALID", "This IBAN is not valid. Check it against your bank card or statement.", "payout.iban");
    if (!isSEPACountry(iban.slice(0, 2))) throw AppError.badRequest("IBAN_NOT_SEPA", "We can only pay to accounts in the SEPA area.", "payout.iban");
    return { iban, holder: input.holder };
  }

  async function toView(sale: SaleRow): Promise<SaleView> {
    const [items, events, payout] = await Promise.all([repo.items(sale.uuid), repo.events(sale.uuid), repo.payout(sale.uuid)]);
    const images = await repo.images([...new Set(items.map((i) => i.productId))]);
    const itemsTotal = items.reduce((sum, item) => sum + item.price, 0);
    const counterofferOpen = sale.status === "counteroffer" && sale.counterofferDeadline;
    return {
      uuid: sale.uuid,
      number: sale.number,
      status: sale.status,
      createdAt: new Date(sale.createdAt).toISOString(),
      payoutMethod: sale.payoutMethod,
      payoutAccount: "email" in sale.payoutAccount ? sale.payoutAccount.email : maskIban(sale.payoutAccount.iban),
      payoutStatus: payout?.status ?? null,
      carrier: sale.carrier,
      parcels: sale.parcels,
      senderAddress: sale.senderAddress,
      couponCode: sale.couponCode,
      expressGrading: sale.expressFee > 0,
      totals: { items: EUR(itemsTotal), couponBonus: EUR(sale.couponBonus), labelFee: EUR(sale.labelFee), expressFee: EUR(sale.expressFee), payout: EUR(sale.payout) },
      items: items.map((item) => ({
        uuid: item.uuid,
        product: { id: item.productId, name: item.name, imageUrl: images.get(item.productId) ?? null },
        grade: item.grade,
        price: EUR(item.price),
        counteroffer:
          item.counterofferPrice === null || item.counterofferGrade === null ? null : { grade: item.counterofferGrade, price: EUR(item.counterofferPrice), reason: item.counterofferReason ?? "" },
      })),
      counteroffer: counterofferOpen
        ? { deadline: new Date(sale.counterofferDeadline!).toISOString(), payout: EUR(payoutOf(sale, items)) }
        : null,
      timeline: events.map((e) => ({ status: e.toStatus, event: e.event, at: new Date(e.at).toISOString() })),
      labelUrl: `/api/sales/${sale.uuid}/label.pdf`,
    };
  }

  return {
    toView,
    sale: (uuid: string) => repo.sale(uuid),
    items: (uuid: string) => repo.items(uuid),
    seller: (customerUuid: string) => repo.seller(customerUuid),

    /**
     * Turns the sell cart into a sale: checked again as checkout sees it, the coupon used once, the
     * cart emptied, all in one transaction. A replay with the same Idempotency-Key returns the first answer.
     */
    async checkout(owner: CartOwner, input: SellCheckoutInput, key: string, locale: Locale): Promise<IdempotentAnswer<CheckedOutSale>> {
      const customer = owner.customer;
      if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to sell: the payout and the sale's progress need your account.", "session");
      const scope = `green-checkout:${customer.uuid}`;
      const hash = requestHash(input);
      const earlier = await repo.idempotentResponse(scope, key);
      if (earlier) return replayOf<CheckedOutSale>(earlier, hash);
      const payoutAccount = payoutAccountOf(input.payout);
      const cart = await deps.carts.findCart(owner);
      if (!cart) throw AppError.notFound("CART_EMPTY", "Your sell cart is empty.", "cart");

      // Evaluated before the transaction (it may renew run-out offers); inside it, the locked cart must still hold exactly these items.
      const evaluated = await deps.sellCart.evaluate(cart, customer.uuid);
      const view = deps.sellCart.toView(evaluated);
      const outcome = await repo.inTransaction(async (tx) => {
        const claimed = await tx.claimIdempotencyKey(scope, key, hash);
        if (claimed) return { replay: claimed } as const;
        const locked = await tx.lockCart(cart.uuid);
        const current = await tx.sellCartItems(cart.uuid);
        // What the seller saw must be what is sold: the same items at the same grades and prices, and the same choices.
        const fingerprint = (items: { uuid: string; price: number; grade: string }[]) => items.map((i) => `${i.uuid}:${i.grade}:${i.price}`).sort().join();
        const choices = (c: Pick<typeof cart, "sellCouponCode" | "expressGrading" | "carrier" | "parcels">) => [c.sellCouponCode, c.expressGrading, c.carrier, c.parcels].join("|");
        if (!locked || choices(locked) !== choices(cart) || fingerprint(current) !== fingerprint(evaluated.items.map(({ row }) => row))) {
          if (current.length === 0) throw AppError.notFound("CART_EMPTY", "Your sell cart is empty.", "cart");
          throw new AppError(409, "CART_CHANGED", "Your sell cart changed meanwhile. Check it and sell again.", "cart");
        }
        if (evaluated.items.length === 0) throw AppError.notFound("CART_EMPTY", "Your sell cart is empty.", "cart");
        const [problem] = view.errors;
        if (problem) throw new AppError(409, problem.type, "The sell cart cannot be checked out as it is. Check it and try again.", "cart");
        if (view.totals.payout.amount !== input.expectedPayout) throw new AppError(409, "PAYOUT_CHANGED", "The payout changed. Check it and sell again.", "expectedPayout");
        const totals = sellTotals(evaluated.lines, { coupon: evaluated.coupon, expressGrading: cart.expressGrading });
        const sale = await tx.insertSale({
          customerUuid: customer.uuid,
          locale,
          payoutMethod: input.payout.method,
          payoutAccount,
          carrier: cart.carrier,
          parcels: cart.parcels,
          senderAddress: input.address,
          couponCode: evaluated.coupon?.code ?? null,
          couponBonusPercent: evaluated.coupon?.bonusPercent ?? null,
          couponMaxBonus: evaluated.coupon?.maxBonusCents ?? null,
          expressFee: totals.expressFee,
          itemsTotal: totals.items,
          couponBonus: totals.couponBonus,
          labelFee: totals.labelFee,
          payout: totals.payout,
        });
        await tx.recordLegalAcceptance({ saleUuid: sale.uuid });
        if (evaluated.coupon && !(await tx.useCoupon(evaluated.coupon.code, customer.uuid, sale.uuid))) {
          throw new AppError(409, "SELL_COUPON::ALREADY_USED", "You have used this coupon already.", "coupon");
        }
        await tx.insertItems(
          sale.uuid,
          evaluated.items.map(({ row, product }) => ({ productId: product.id, name: product.name, grade: row.grade, price: row.price, answers: row.answers, breakdown: row.breakdown })),
        );
        await tx.insertEvent({ saleUuid: sale.uuid, fromStatus: null, toStatus: "created", event: "checked_out", actor: "customer" });
        await tx.clearSellCart(cart.uuid);
        const body: CheckedOutSale = { saleUuid: sale.uuid, number: sale.number, payout: EUR(sale.payout), labelUrl: `/api/sales/${sale.uuid}/label.pdf` };
        await tx.storeIdempotentResponse(scope, key, 201, body);
        return { sale: body } as const;
      });
      if ("replay" in outcome) return replayOf<CheckedOutSale>(outcome.replay!, hash);
      await afterCommit(outcome.sale.saleUuid, "created");
      if (input.newsletter && deps.subscribeNewsletter) {
        await deps.subscribeNewsletter(customer.email, locale).catch((err: unknown) => log("The newsletter signup at sell checkout failed", err));
      }
      return { status: 201, body: outcome.sale, replayed: false };
    },

    async list(customer: Customer, page: number): Promise<SaleList> {
      const { rows, total } = await repo.list(customer.uuid, (page - 1) * SALE_PAGE_SIZE, SALE_PAGE_SIZE);
      return {
        sales: rows.map((r) => ({ uuid: r.uuid, number: r.number, status: r.status, createdAt: new Date(r.createdAt).toISOString(), itemCount: r.itemCount, payout: EUR(r.payout) })),
        page,
        pageSize: SALE_PAGE_SIZE,
        total,
      };
    },

    async view(customer: Customer, uuid: string): Promise<SaleView> {
      return toView(await ownSale(customer, uuid));
    },

    /** The sale, to its own customer only; for the label. */
    ownSale,

    /** After the bank sent the payout back: the seller's corrected account (or PayPal instead); the payout is due again. */
    async correctPayoutAccount(customer: Customer, uuid: string, input: PayoutAccountInput): Promise<SaleView> {
      await ownSale(customer, uuid);
      const account = payoutAccountOf(input.payout);
      await repo.inTransaction(async (tx) => {
        const sale = (await tx.lockSale(uuid))!;
        if (!(await tx.correctPayoutAccount(uuid, input.payout.method, account))) throw new AppError(409, "SALE_STATE_CHANGED", "This sale's payout did not come back: its account cannot be changed now.", "saleUuid");
        await tx.insertEvent({ saleUuid: uuid, fromStatus: sale.status, toStatus: sale.status, event: "payout_account_corrected", actor: "customer" });
      });
      return toView((await repo.sale(uuid))!);
    },

    /** The seller's answer to a counteroffer: accepting settles the sale, declining sends the parcel back free of charge. */
    async answerCounteroffer(customer: Customer, uuid: string, accept: boolean): Promise<SaleView> {
      await ownSale(customer, uuid);
      const status = await repo.inTransaction(async (tx) => {
        const sale = (await tx.lockSale(uuid))!;
        const next = await transition(tx, sale, { type: accept ? "counteroffer_accepted" : "counteroffer_declined" }, "customer", deps.clock());
        if (!next) throw new AppError(409, "SALE_STATE_CHANGED", "This sale has no open counteroffer any more.", "saleUuid");
        return next;
      });
      await afterCommit(uuid, MAIL_OF[status]);
      return toView((await repo.sale(uuid))!);
    },

    /**
     * Staff record a step by hand (received, inspected, counteroffer, paid, returned): the role of
     * the step's desk, and an audit row in the step's transaction. The back-office's own pages use
     * receiving, inspection and payouts instead.
     */
    async recordStaffEvent(actor: StaffActor, uuid: string, input: StaffSaleEvent): Promise<SaleView> {
      requireRole(actor, ...ROLE_OF_EVENT[input.type]);
      if (input.type === "counteroffer_made" && !input.counteroffer) throw AppError.badRequest("COUNTEROFFER_ITEMS_MISSING", "A counteroffer names at least one item with its new grade, price and reason.", "counteroffer");
      const status = await repo.inTransaction(async (tx) => {
        const sale = await tx.lockSale(uuid);
        if (!sale) throw AppError.notFound("SALE_NOT_FOUND", "There is no such sale.", "saleUuid");
        if (input.type === "counteroffer_made" && sale.status === "in_inspection") {
          for (const item of input.counteroffer!) {
            if (!(await tx.setCounteroffer(sale.uuid, item.itemUuid, item))) throw AppError.badRequest("SALE_ITEM_NOT_FOUND", "This item is not part of the sale.", "counteroffer.itemUuid");
          }
        }
        const next = await transition(tx, sale, { type: input.type }, `staff:${actor.email}`, deps.clock());
        if (!next) throw new AppError(409, "SALE_TRANSITION_NOT_ALLOWED", `A sale that is ${sale.status} cannot take ${input.type}.`, "type");
        await tx.audit(actor, { action: `sale.${input.type}`, entityType: "sale", entityId: sale.uuid, before: { status: sale.status }, after: { status: next, ...(input.counteroffer ? { counteroffer: input.counteroffer } : {}) } });
        return next;
      });
      await afterCommit(uuid, MAIL_OF[status]);
      return toView((await repo.sale(uuid))!);
    },

    /** Counteroffers past their deadline count as accepted. Returns how many were settled. */
    async expireCounteroffers(): Promise<number> {
      const now = deps.clock();
      let settled = 0;
      for (const uuid of await repo.overdueCounteroffers(now)) {
        const status = await repo.inTransaction(async (tx) => {
          const sale = await tx.lockSale(uuid);
          return sale && new Date(sale.counterofferDeadline ?? 0) <= now ? transition(tx, sale, { type: "counteroffer_expired" }, "deadline", now) : null;
        });
        if (status) {
          settled += 1;
          await afterCommit(uuid, MAIL_OF[status]);
        }
      }
      return settled;
    },

    /** Claims the reminders due now (each once, across instances) and enqueues their mails. */
    async remindCounteroffers(reminderLeadDays: number): Promise<number> {
      const dueBy = new Date(deps.clock().getTime() + reminderLeadDays * 86_400_000);
      const due = await repo.claimDueReminders(dueBy);
      for (const uuid of due) await afterCommit(uuid, "counterofferReminder");
      return due.length;
    },
  };
}
export type SaleService = ReturnType<typeof createSaleService>;

/** "DE89 •••• 3000": enough to recognise one's account, not enough to use it. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
