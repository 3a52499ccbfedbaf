import { couponState, todayIso } from "../../../domain/catalogue/coupons.ts";
import { shopDayEnd, shopDayIso, shopDayStart } from "../../../domain/dates.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { BuyCouponRow, CouponRepository, CouponWriter, SellCouponRow } from "./repository.ts";
import type { CouponCreateInput, CouponListQuery, CouponUpdateInput, OpsBuyCoupon, OpsCoupon, OpsCouponList, OpsSellCoupon } from "./schemas.ts";

/** Who keeps the coupons of both sides: support, and admins. */
const COUPON_ROLES = ["admin", "support"] as const;

const couponExists = (code: string) => new AppError(409, "COUPON_EXISTS", `There is a coupon ${code} already (buy or sell side): choose another code.`, "body.code");
const couponNotFound = () => AppError.notFound("COUPON_NOT_FOUND", "There is no coupon with this code on this side.", "params.code");

/** The row's terms from what staff gave: a buy coupon's unused amount is 0, a sell coupon's days run from the first day's start to the last day's end. */
function buyTerms(input: Extract<CouponUpdateInput, { side: "buy" }>): Omit<BuyCouponRow, "code"> {
  return {
    kind: input.kind,
    percentOff: input.kind === "percent" ? (input.percentOff ?? 0) : 0,
    amountOff: input.kind === "fixed" ? (input.amountOff ?? 0) : 0,
    minOrderValue: input.minOrderValue,
    validFrom: input.validFrom,
    validTo: input.validTo,
    oncePerCustomer: input.oncePerCustomer,
    singleItemOnly: input.singleItemOnly,
  };
}
function sellTerms(input: Extract<CouponUpdateInput, { side: "sell" }>): Omit<SellCouponRow, "code"> {
  return { bonusPercent: input.bonusPercent, maxBonusCents: input.maxBonusCents, validFrom: shopDayStart(input.validFrom).toISOString(), validTo: shopDayEnd(input.validTo).toISOString() };
}

function buyView(row: BuyCouponRow, redemptions: number, today: string): OpsBuyCoupon {
  const { code, kind, percentOff, amountOff, minOrderValue, validFrom, validTo, oncePerCustomer, singleItemOnly } = row;
  return { side: "buy", code, kind, percentOff, amountOff, minOrderValue, validFrom, validTo, oncePerCustomer, singleItemOnly, state: couponState(validFrom, validTo, today), redemptions };
}
function sellView(row: SellCouponRow, redemptions: number, now: Date): OpsSellCoupon {
  const from = new Date(row.validFrom);
  const to = new Date(row.validTo);
  return {
    side: "sell",
    code: row.code,
    bonusPercent: row.bonusPercent,
    maxBonusCents: row.maxBonusCents,
    validFrom: shopDayIso(from),
    validTo: shopDayIso(to),
    validFromAt: from.toISOString(),
    validToAt: to.toISOString(),
    state: couponState(from.getTime(), to.getTime(), now.getTime()),
    redemptions,
  };
}

/**
 * The back-office's coupons of both sides: listed with their redemptions, created and changed by
 * support or admins. The rows are written by their owners' functions (products for buy coupons,
 * selling for sell coupons), each change with its audit row in the same transaction. A code is
 * one coupon across both sides, so a customer never wonders which one they typed.
 */
export function createCouponService(repo: CouponRepository, deps: { clock: () => Date }) {
  /** The coupon as it is now, with its redemptions (read after the transaction committed). */
  async function current(side: "buy" | "sell", code: string): Promise<OpsCoupon> {
    const [found] = (await listOf(code))[side];
    if (!found) throw couponNotFound();
    return found;
  }

  /** Every coupon, or the one of this code. */
  async function listOf(code?: string): Promise<OpsCouponList> {
    const now = deps.clock();
    const [buy, sell] = await Promise.all([repo.buyCoupons(code), repo.sellCoupons(code)]);
    return { buy: buy.map((r) => buyView(r, r.redemptions, todayIso(now))), sell: sell.map((r) => sellView(r, r.redemptions, now)) };
  }

  async function change(actor: StaffActor, work: (tx: CouponWriter) => Promise<{ action: string; code: string; before: unknown; after: unknown }>): Promise<string> {
    return repo.inTransaction(async (tx) => {
      const done = await work(tx);
      await tx.audit(actor, { action: done.action, entityType: "coupon", entityId: done.code, before: done.before, after: done.after });
      return done.code;
    });
  }

  return {
    async list(actor: StaffActor, query: CouponListQuery): Promise<OpsCouponList> {
      requireRole(actor, ...COUPON_ROLES);
      const all = await listOf();
      const keep = <C extends OpsCoupon>(side: C["side"], coupons: C[]) => (query.side && query.side !== side ? [] : coupons.filter((c) => !query.state || c.state === query.state));
      return { buy: keep("buy", all.buy), sell: keep("sell", all.sell) };
    },

    async create(actor: StaffActor, input: CouponCreateInput): Promise<OpsCoupon> {
      requireRole(actor, ...COUPON_ROLES);
      const code = await change(actor, async (tx) => {
        await tx.lockCode(input.code);
        if ((await tx.buyCoupon(input.code)) || (await tx.sellCoupon(input.code))) throw couponExists(input.code);
        if (input.side === "buy") {
          const row = { code: input.code, ...buyTerms(input) };
          await tx.insertBuy(row);
          return { action: "coupon.create", code: input.code, before: null, after: { side: "buy", ...row } };
        }
        const row = { code: input.code, ...sellTerms(input) };
        await tx.insertSell(row);
        return { action: "coupon.create", code: input.code, before: null, after: { side: "sell", ...row } };
      });
      return current(input.side, code);
    },

    async update(actor: StaffActor, rawCode: string, input: CouponUpdateInput): Promise<OpsCoupon> {
      requireRole(actor, ...COUPON_ROLES);
      const code = await change(actor, async (tx) => {
        if (input.side === "buy") {
          const before = await tx.buyCoupon(rawCode);
          if (!before) throw couponNotFound();
          const after = await tx.updateBuy(before.code, buyTerms(input));
          return { action: "coupon.update", code: before.code, before: { side: "buy", ...before }, after: { side: "buy", ...after } };
        }
        const before = await tx.sellCoupon(rawCode);
        if (!before) throw couponNotFound();
        const after = await tx.updateSell(before.code, sellTerms(input));
        return { action: "coupon.update", code: before.code, before: { side: "sell", ...before }, after: { side: "sell", ...after } };
      });
      return current(input.side, code);
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
