import { checkAnswers, questionSetOf, type GradingAnswers } from "../../../domain/selling/grading.ts";
import { computeOffer } from "../../../domain/selling/offers.ts";
import {
  expressGradingProblem,
  FREE_LABEL_FROM_CENTS,
  prepareCheckoutErrors,
  SELL_CART_MAX_ITEMS,
  sellCouponProblem,
  sellTotals,
  type Carrier,
  type SellCartLine,
  type SellCoupon,
} from "../../../domain/selling/sell-cart-rules.ts";
import { AppError } from "../../errors.ts";
import type { CartOwner, CartService } from "../cart/service.ts";
import type { CartRow } from "../cart/repository.ts";
import type { OfferService } from "./offer-service.ts";
import type { SellCartItemRow, SellCartProduct, SellCartRepository } from "./sell-cart-repository.ts";
import type { SellCartView } from "./sell-cart-schemas.ts";

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

/** A sell cart as checkout sees it: its items with their products, the coupon that applies, the totals and what stops it. */
export interface EvaluatedSellCart {
  cart: CartRow;
  items: { row: SellCartItemRow; product: SellCartProduct; renewed: boolean }[];
  /** Names of items taken out now: the shop no longer buys them, or not as they were described. */
  removed: string[];
  coupon: SellCoupon | null;
  lines: SellCartLine[];
}

export function createSellCartService(repo: SellCartRepository, carts: CartService, offers: OfferService, deps: { clock: () => Date }) {
  /** The cart's items, with run-out offers made again at today's price and items the shop no longer buys left out. */
  async function evaluate(cart: CartRow & { sellItemCount?: number }, customerUuid: string | null): Promise<EvaluatedSellCart> {
    // A row read with its count (a page's cart row) that holds no sell lines needs no read of them.
    const rows = cart.sellItemCount === 0 ? [] : await repo.items(cart.uuid);
    const productsById = await repo.products([...new Set(rows.map((r) => r.productId))]);
    const now = deps.clock();
    const items: EvaluatedSellCart["items"] = [];
    const removed: string[] = [];
    // Taken out of the cart, not just hidden: checkout compares the cart with what the seller saw.
    const drop = async (row: SellCartItemRow, name: string) => {
      await repo.changing(cart.uuid, (locked) => locked.deleteItem(cart.uuid, row.uuid));
      removed.push(name);
    };
    for (const row of rows) {
      const product = productsById.get(row.productId);
      if (!product || !product.allowedPurchase || product.purchaseStop) {
        await drop(row, product?.name ?? "");
        continue;
      }
      if (new Date(row.validUntil) >= now) {
        items.push({ row, product, renewed: false });
        continue;
      }
      const set = questionSetOf(product);
      const offer = checkAnswers(set, row.answers).length === 0 ? computeOffer({ set, pricePurchase: product.pricePurchase, gradePrices: product.gradePrices, answers: row.answers, now }) : null;
      if (!offer?.ok) {
        await drop(row, product.name);
        continue;
      }
      const renewed = { grade: offer.grade, price: offer.price, breakdown: offer.breakdown, validUntil: offer.validUntil.toISOString() };
      await repo.changing(cart.uuid, (locked) => locked.renewOffer(row.uuid, renewed));
      items.push({ row: { ...row, ...renewed }, product, renewed: true });
    }
    let coupon: SellCoupon | null = null;
    if (cart.sellCouponCode) {
      const found = await repo.coupon(cart.sellCouponCode);
      const used = customerUuid !== null && found !== undefined && (await repo.couponUsedBy(found.code, customerUuid));
      // A coupon that ran out or was used meanwhile is taken off, so the payout shown is the one paid.
      if (sellCouponProblem(found, now, used)) await repo.changing(cart.uuid, (locked) => locked.setChoices(cart.uuid, { sellCouponCode: null }));
      else coupon = found!;
    }
    const lines = items.map(({ row, product }) => ({ price: row.price, grade: row.grade, media: product.rootKind === "media" }));
    return { cart, items, removed, coupon, lines };
  }

  function toView(evaluated: EvaluatedSellCart, withProducts = true): SellCartView {
    const { cart, items, removed, coupon, lines } = evaluated;
    const totals = sellTotals(lines, { coupon, expressGrading: cart.expressGrading });
    return {
      items: items.map(({ row, product, renewed }) => ({
        id: row.uuid,
        product: withProducts ? { id: product.id, name: product.name, slug: product.slug, imageUrl: product.imageUrl } : { id: product.id },
        questionSet: questionSetOf(product),
        grade: row.grade,
        price: EUR(row.price),
        breakdown: row.breakdown.map((line) => ({ kind: line.kind, amount: EUR(line.amount) })),
        validUntil: new Date(row.validUntil).toISOString(),
        searchUuid: row.searchUuid,
        offerRenewed: renewed,
      })),
      orderProductsCount: items.length,
      removedItems: removed,
      couponCode: coupon?.code ?? null,
      coupon: coupon && { code: coupon.code, bonusPercent: coupon.bonusPercent, maxBonus: EUR(coupon.maxBonusCents) },
      expressGrading: cart.expressGrading,
      carrier: cart.carrier,
      parcels: cart.parcels,
      totals: {
        items: EUR(totals.items),
        couponBonus: EUR(totals.couponBonus),
        labelFee: EUR(totals.labelFee),
        expressFee: EUR(totals.expressFee),
        payout: EUR(totals.payout),
        insuredValue: EUR(totals.insuredValue),
      },
      freeLabelFrom: EUR(FREE_LABEL_FROM_CENTS),
      errors: items.length === 0 ? [] : prepareCheckoutErrors(lines, { carrier: cart.carrier, expressGrading: cart.expressGrading }).map(errorView),
    };
  }

  async function viewOf(owner: CartOwner, withProducts = true): Promise<SellCartView> {
    const cart = await carts.findCart(owner);
    if (!cart) return emptyView();
    return toView(await evaluate(cart, owner.customer?.uuid ?? null), withProducts);
  }

  /** The owner's cart for a change; 404 when there is none (nothing to change). */
  async function existingCart(owner: CartOwner): Promise<CartRow> {
    const cart = await carts.findCart(owner);
    if (!cart) throw AppError.notFound("CART_EMPTY", "Your sell cart is empty.", "cart");
    return cart;
  }

  return {
    evaluate,
    toView,

    async view(owner: CartOwner, withProducts: boolean): Promise<SellCartView> {
      return viewOf(owner, withProducts);
    },

    /** The ids of the items, for the header and the user meta view. */
    async itemIds(owner: CartOwner): Promise<string[]> {
      const cart = await carts.findCart(owner);
      return cart && cart.sellItemCount > 0 ? (await repo.items(cart.uuid)).map((item) => item.uuid) : [];
    },

    /**
     * Adds an item at the offer its answers give now, or replaces the answers of the item `editId`.
     * The price the seller saw must still be the offer: otherwise nothing changes and they see the new one.
     */
    async addItem(owner: CartOwner, productId: number, input: { price: number; searchUuid?: string | null | undefined; answers: GradingAnswers; editId?: string | null | undefined }) {
      const { product, offer } = await offers.offerFor(productId, input.answers);
      if (!offer.ok) throw AppError.badRequest(`TRADE_IN::${offer.refusal}`, refusalMessage(offer.refusal, product.name), "customerGradingDto.answers");
      if (offer.price !== input.price) {
        throw new AppError(409, "TRADE_IN::OFFER_CHANGED", `The offer for ${product.name} is now ${(offer.price / 100).toFixed(2)} EUR. Check it and add it again.`, "price");
      }
      const { cart, token } = await carts.cartForWriting(owner);
      const item = {
        cartUuid: cart.uuid,
        productId,
        grade: offer.grade,
        price: offer.price,
        answers: input.answers,
        breakdown: offer.breakdown,
        validUntil: offer.validUntil.toISOString(),
        searchUuid: input.searchUuid ?? null,
      };
      const saved = await repo.changing(cart.uuid, async (locked): Promise<SellCartItemRow> => {
        if (input.editId) {
          const replaced = await locked.replaceItem(cart.uuid, input.editId, item);
          if (!replaced) throw AppError.notFound("CART_ITEM_NOT_FOUND", "This item is no longer in your sell cart.", "editId");
          return replaced;
        }
        if ((await locked.itemCount(cart.uuid)) >= SELL_CART_MAX_ITEMS) throw AppError.badRequest("SELL_CART_FULL", `A sale holds at most ${SELL_CART_MAX_ITEMS} items. Check out these first.`, "cart");
        return locked.insertItem(item);
      });
      // A visitor's first add has no cookie yet: the view is of the cart just made.
      return { view: toView(await evaluate(cart, owner.customer?.uuid ?? null)), addedItemId: saved.uuid, token };
    },

    async removeItem(owner: CartOwner, id: string): Promise<SellCartView> {
      const cart = await existingCart(owner);
      if (!(await repo.changing(cart.uuid, (locked) => locked.deleteItem(cart.uuid, id)))) throw AppError.notFound("CART_ITEM_NOT_FOUND", "This item is no longer in your sell cart.", "id");
      return viewOf(owner);
    },

    async removeAll(owner: CartOwner): Promise<SellCartView> {
      const cart = await carts.findCart(owner);
      if (cart) await repo.changing(cart.uuid, (locked) => locked.deleteAll(cart.uuid));
      return viewOf(owner);
    },

    async setCoupon(owner: CartOwner, code: string): Promise<SellCartView> {
      const normalized = code.trim().toUpperCase();
      const coupon = await repo.coupon(normalized);
      const used = owner.customer !== null && coupon !== undefined && (await repo.couponUsedBy(coupon.code, owner.customer.uuid));
      const problem = sellCouponProblem(coupon, deps.clock(), used);
      if (problem) throw AppError.badRequest(problem, couponMessage(problem), "code");
      const { cart } = await carts.cartForWriting(owner);
      await repo.changing(cart.uuid, (locked) => locked.setChoices(cart.uuid, { sellCouponCode: coupon!.code }));
      return viewOf(owner);
    },

    async removeCoupon(owner: CartOwner): Promise<SellCartView> {
      const cart = await carts.findCart(owner);
      if (cart) await repo.changing(cart.uuid, (locked) => locked.setChoices(cart.uuid, { sellCouponCode: null }));
      return viewOf(owner);
    },

    /** Express inspection: refused (409) for a cart it is not offered for, so the choice shown is always one that holds. */
    async setExpressGrading(owner: CartOwner, on: boolean): Promise<SellCartView> {
      const cart = await existingCart(owner);
      if (on) {
        const evaluated = await evaluate(cart, owner.customer?.uuid ?? null);
        const problem = evaluated.items.length === 0 ? "EMPTY_CART" : expressGradingProblem(evaluated.lines);
        if (problem) throw new AppError(409, "EXPRESS_GRADING_NOT_AVAILABLE", expressMessage(problem), "expressGrading");
      }
      await repo.changing(cart.uuid, (locked) => locked.setChoices(cart.uuid, { expressGrading: on }));
      return viewOf(owner);
    },

    async setShipping(owner: CartOwner, input: { carrier?: Carrier | undefined; parcels?: number | undefined }): Promise<SellCartView> {
      const cart = await existingCart(owner);
      await repo.changing(cart.uuid, (locked) => locked.setChoices(cart.uuid, { ...(input.carrier ? { carrier: input.carrier } : {}), ...(input.parcels ? { parcels: input.parcels } : {}) }));
      return viewOf(owner);
    },

    /** The answers an item was offered for, to edit them. */
    async gradingAnswers(owner: CartOwner, id: string) {
      const cart = await carts.findCart(owner);
      const item = cart && (await repo.item(cart.uuid, id));
      if (!item) throw AppError.notFound("CART_ITEM_NOT_FOUND", "There is no such item in your sell cart.", "id");
      const product = (await repo.products([item.productId])).get(item.productId);
      if (!product) throw AppError.notFound("CART_ITEM_NOT_FOUND", "There is no such item in your sell cart.", "id");
      return { id: item.uuid, productId: item.productId, questionSet: questionSetOf(product), answers: item.answers as Record<string, string>, grade: item.grade };
    },

  };
}
export type SellCartService = ReturnType<typeof createSellCartService>;

function emptyView(): SellCartView {
  const zero = EUR(0);
  return {
    items: [],
    orderProductsCount: 0,
    removedItems: [],
    couponCode: null,
    coupon: null,
    expressGrading: false,
    carrier: "dhl",
    parcels: 1,
    totals: { items: zero, couponBonus: zero, labelFee: zero, expressFee: zero, payout: zero, insuredValue: zero },
    freeLabelFrom: EUR(FREE_LABEL_FROM_CENTS),
    errors: [],
  };
}

function errorView(error: ReturnType<typeof prepareCheckoutErrors>[number]): SellCartView["errors"][number] {
  switch (error.type) {
    case "MinOrderThresholdUnfulfilledErrorDto":
      return { type: error.type, minimum: EUR(error.minimum), missing: EUR(error.missing) };
    case "InvalidCarrierForCurrentCartErrorDto":
      return { type: error.type, carrier: error.carrier, insuredValue: EUR(error.insuredValue), carrierLimit: EUR(error.carrierLimit) };
    default:
      return error;
  }
}

function refusalMessage(refusal: string, name: string): string {
  switch (refusal) {
    case "ACTIVATION_LOCK":
      return `Remove the activation lock (Find My, Google account) from ${name} first: we cannot buy a locked device.`;
    case "MEDIA_INCOMPLETE":
      return `We can only buy ${name} with its disc and cover complete.`;
    case "MEDIA_POOR":
      return `We cannot buy ${name} in this condition.`;
    default:
      return `${name} is worth too little in this condition for us to buy it.`;
  }
}

function couponMessage(problem: string): string {
  if (problem === "SELL_COUPON::EXPIRED") return "This coupon is not valid today.";
  if (problem === "SELL_COUPON::ALREADY_USED") return "You have used this coupon already.";
  return "There is no sell coupon with this code.";
}

function expressMessage(problem: string): string {
  if (problem === "MEDIA_IN_CART") return "Express inspection is for devices only; your sell cart holds media.";
  if (problem === "TOO_MANY_ITEMS") return "Express inspection is for up to five devices.";
  return "Add a device to your sell cart first.";
}
