import { todayIso } from "../../../domain/catalogue/coupons.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { gradeHasFullBatteryOption } from "../../../domain/catalogue/grades.ts";
import {
  availablePaymentMethods,
  cartTotals,
  couponProblem,
  dispatchDays,
  expressAllowedFor,
  insuranceAllowedFor,
  insurancePrice,
  lineDiscounts,
  linePrice,
  packstationProblem,
  repairChoices,
  type Address,
  type CartChoices,
  type CartLine,
  type CartRepair,
  type Coupon,
  type DeliveryMethod,
  type PaymentMethod,
  type PaymentSetup,
} from "../../../domain/checkout/cart-rules.ts";
import { normalizeEmail } from "../../../domain/accounts/accounts.ts";
import { AppError } from "../../errors.ts";
import { oncePerPageRender } from "../../internal-calls.ts";
import { hashToken, newToken } from "../../tokens.ts";
import type { CartItemRow, CartRepository, CartRow, CartStatements, CountedCartRow } from "./repository.ts";
import type { CartView } from "./schemas.ts";

/** Who is asking: a logged-in customer, or a visitor known by the cart cookie's token (if any). */
export interface CartOwner {
  customer: { uuid: string; email: string } | null;
  cartToken: string | undefined;
}

/** A cart never grows past this: refurbished units are single pieces, and a longer cart is a script. */
export const CART_MAX_ITEMS = 20;

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

/** The cart with everything its rules need, computed once per request. */
export interface EvaluatedCart {
  cart: CartRow;
  items: CartItemRow[];
  lines: CartLine[];
  coupon: Coupon | null;
  discounts: number[];
  choices: CartChoices;
  repairs: CartRepair[];
  totals: ReturnType<typeof cartTotals>;
  dispatch: { min: number; max: number };
  paymentMethods: PaymentMethod[];
  /** Lines whose grade sold out or whose product cannot be bought: the checkout waits until they go. */
  unavailable: string[];
}

function toLine(item: CartItemRow): CartLine {
  return {
    uuid: item.uuid,
    productId: item.productId,
    label: item.label,
    withFullBattery: item.withFullBattery,
    price: item.price ?? 0,
    fullBatteryPrice: item.fullBatteryPrice ?? 0,
    stock: item.quantity ?? 0,
    fullBatteryStock: item.fullBatteryQuantity ?? 0,
    saleable: item.saleable && item.price !== null,
    insurancePrice: item.insurancePrice,
    productCouponCode: item.couponCode,
  };
}

/** Units of each grade the cart holds beyond what is in stock: those lines are unavailable, newest first. */
function unavailableLines(lines: readonly CartLine[]): string[] {
  const taken = new Map<string, { units: number; battery: number }>();
  const out: string[] = [];
  for (const line of lines) {
    const key = `${line.productId}:${line.label}`;
    const used = taken.get(key) ?? { units: 0, battery: 0 };
    const ok = line.saleable && used.units < line.stock && (!line.withFullBattery || used.battery < line.fullBatteryStock);
    if (ok) taken.set(key, { units: used.units + 1, battery: used.battery + (line.withFullBattery ? 1 : 0) });
    else out.push(line.uuid);
  }
  return out;
}

export function createCartService(repo: CartRepository, deps: { clock: () => Date; payments: PaymentSetup }) {
  /**
   * The owner's cart row with its line count: read once per page render however many of its calls
   * ask (the shell's count, the page's cart). With `lines`, the first read of the render also
   * reads the lines (the cart's own view); a row read before without them has none.
   */
  async function findCart(owner: CartOwner, options: { lines?: boolean } = {}): Promise<(CountedCartRow & { lines?: CartItemRow[] }) | undefined> {
    const read = (of: { customerUuid: string } | { tokenHash: string }) => (options.lines ? repo.countedCartWithLines(of) : repo.countedCart(of));
    if (owner.customer) {
      const customerUuid = owner.customer.uuid;
      return oncePerPageRender(`cart:customer:${customerUuid}`, () => read({ customerUuid }));
    }
    if (!owner.cartToken) return undefined;
    const tokenHash = hashToken(owner.cartToken);
    return oncePerPageRender(`cart:token:${tokenHash}`, () => read({ tokenHash }));
  }

  /** The owner's cart, made on first need; `token` is set when a visitor's cookie must be (re)issued. */
  async function cartForWriting(owner: CartOwner): Promise<{ cart: CartRow; token?: string }> {
    if (owner.customer) return { cart: (await repo.cartOfCustomer(owner.customer.uuid)) ?? (await repo.insertCustomerCart(owner.customer.uuid)) };
    const existing = owner.cartToken ? await repo.cartByToken(hashToken(owner.cartToken)) : undefined;
    if (existing) return { cart: existing };
    const token = newToken();
    return { cart: (await repo.insertVisitorCart(hashToken(token)))!, token };
  }

  /** The cart as its rules see it; `readItems` when they were read with the row. */
  async function evaluate(cart: CartRow, email: string | null, readItems?: CartItemRow[]): Promise<EvaluatedCart> {
    const items = readItems ?? (await repo.items(cart.uuid));
    const lines = items.map(toLine);
    const coupon = cart.couponCode ? ((await repo.coupon(cart.couponCode)) ?? null) : null;
    const today = todayIso(deps.clock());
    const used = coupon?.oncePerCustomer && email ? await repo.couponUsedBy(coupon.code, normalizeEmail(email)) : false;
    const problem = cart.couponCode ? couponProblem(coupon, lines, today, used) : null;
    const choices: CartChoices = {
      couponCode: cart.couponCode,
      insurance: cart.insurance,
      deliveryMethod: cart.deliveryMethod,
      paymentMethod: cart.paymentMethod,
      deliveryAddress: cart.deliveryAddress,
    };
    const preliminary = cartTotals(lines, lineDiscounts(problem ? null : coupon, lines), choices);
    const paymentMethods = availablePaymentMethods(preliminary.total, deps.payments);
    const repaired = repairChoices(choices, { lines, couponProblem: problem, paymentMethods });
    const applied = repaired.choices.couponCode ? coupon : null;
    const discounts = lineDiscounts(applied, lines);
    const totals = cartTotals(lines, discounts, repaired.choices);
    return {
      cart,
      items,
      lines,
      coupon: applied,
      discounts,
      choices: repaired.choices,
      repairs: repaired.repairs,
      totals,
      dispatch: dispatchDays(lines, repaired.choices.deliveryMethod),
      paymentMethods: availablePaymentMethods(totals.total, deps.payments),
      unavailable: unavailableLines(lines),
    };
  }

  /** Stores what the repair rules took back, so the next view does not report it again. */
  async function persistRepairs(evaluated: EvaluatedCart): Promise<void> {
    if (evaluated.repairs.length === 0) return;
    const { couponCode, insurance, deliveryMethod, paymentMethod } = evaluated.choices;
    await repo.changing(evaluated.cart.uuid, (locked) => locked.updateCart(evaluated.cart.uuid, { couponCode, insurance, deliveryMethod, paymentMethod }));
  }

  /** A coupon as it would apply to these lines: the cart's own, a typed code, or a product's. */
  async function simulate(lines: CartLine[], code: string, email: string | null): Promise<CartView["simulatedCoupon"]> {
    const coupon = (await repo.coupon(code)) ?? null;
    const used = coupon?.oncePerCustomer && email ? await repo.couponUsedBy(coupon.code, normalizeEmail(email)) : false;
    const problem = couponProblem(coupon, lines, todayIso(deps.clock()), used);
    const discount = problem ? 0 : lineDiscounts(coupon, lines).reduce((a, b) => a + b, 0);
    return { code: coupon?.code ?? code, discount: EUR(discount), problem };
  }

  async function toView(evaluated: EvaluatedCart | null, ownerEmail: string | null): Promise<CartView> {
    if (!evaluated) {
      return {
        uuid: null,
        items: [],
        itemCount: 0,
        minDaysUntilDispatch: 0,
        maxDaysUntilDispatch: 0,
        insurance: { offered: false, chosen: false, price: null },
        couponCode: null,
        simulatedCoupon: null,
        deliveryMethod: "standard",
        paymentMethod: null,
        paymentMethods: availablePaymentMethods(0, deps.payments),
        totals: { items: EUR(0), discount: EUR(0), insurance: EUR(0), shipping: EUR(0), total: EUR(0) },
        email: null,
        billingAddress: null,
        deliveryAddress: null,
        repairs: [],
      };
    }
    const { cart, items, lines, discounts, choices, totals, dispatch } = evaluated;
    const unavailable = new Set(evaluated.unavailable);
    const insurance = insurancePrice(lines);
    const address = choices.deliveryAddress;
    const email = ownerEmail ?? cart.email;
    // The coupon a product in the cart carries, when none is entered: what the customer could save.
    const suggested = choices.couponCode ?? lines.find((l) => l.productCouponCode)?.productCouponCode ?? null;
    return {
      uuid: cart.uuid,
      items: items.map((item, i) => ({
        uuid: item.uuid,
        product: { id: item.productId, name: item.name, slug: item.slug, brand: item.brand, imageUrl: item.imageUrl, categoryId: item.categoryId },
        variant: { label: item.label },
        price: EUR(linePrice(lines[i]!)),
        discount: EUR(discounts[i] ?? 0),
        withFullBattery: item.withFullBattery,
        fullBatteryOffered: gradeHasFullBatteryOption(item.label) && (item.fullBatteryQuantity ?? 0) > 0,
        available: !unavailable.has(item.uuid),
      })),
      itemCount: items.length,
      minDaysUntilDispatch: dispatch.min,
      maxDaysUntilDispatch: dispatch.max,
      insurance: {
        offered: insurance !== null && (!address || insuranceAllowedFor(address)),
        chosen: choices.insurance,
        price: insurance === null ? null : EUR(insurance),
      },
      couponCode: choices.couponCode,
      simulatedCoupon: suggested && lines.length > 0 ? await simulate(lines, suggested, email) : null,
      deliveryMethod: choices.deliveryMethod,
      paymentMethod: choices.paymentMethod,
      paymentMethods: evaluated.paymentMethods,
      totals: {
        items: EUR(totals.itemsTotal),
        discount: EUR(totals.discountTotal),
        insurance: EUR(totals.insurance),
        shipping: EUR(totals.shipping),
        total: EUR(totals.total),
      },
      email,
      billingAddress: cart.billingAddress,
      deliveryAddress: cart.deliveryAddress,
      repairs: evaluated.repairs,
    };
  }

  /** Evaluates, stores repairs, and answers the view: every cart change ends here. */
  async function answer(cart: CartRow | undefined, owner: CartOwner, items?: CartItemRow[]): Promise<CartView> {
    if (!cart) return toView(null, owner.customer?.email ?? null);
    const evaluated = await evaluate(cart, owner.customer?.email ?? cart.email, items);
    await persistRepairs(evaluated);
    return toView(evaluated, owner.customer?.email ?? null);
  }

  /** Why this unit cannot go into this cart, as SPEC's codes; null when it can. */
  function addProblem(
    product: Awaited<ReturnType<CartRepository["productForAdd"]>>,
    inCart: CartItemRow[],
    label: Grade,
    withFullBattery: boolean,
  ): AppError | null {
    if (!product) return AppError.badRequest("PRODUCT_DOESNT_EXIST", "This product does not exist.", "id");
    if (product.quantity === null || product.price === null) return AppError.badRequest("PRODUCT_VARIANT_DOESNT_EXIST", `This product has no grade ${label}.`, "productVariantLabel");
    if (!product.saleable) return AppError.badRequest("PRODUCT_NOT_SALEABLE", "This product cannot be bought here.", "id");
    if (withFullBattery && !gradeHasFullBatteryOption(label)) return AppError.badRequest("PRODUCT_VARIANT_DOESNT_EXIST", `Grade ${label} has no full-battery option.`, "withFullBattery");
    const available = withFullBattery ? Math.min(product.quantity, product.fullBatteryQuantity ?? 0) : product.quantity;
    if (available <= 0) return AppError.badRequest("PRODUCT_VARIANT_OUT_OF_STOCK", `Grade ${label} is out of stock.`, "productVariantLabel");
    const same = inCart.filter((i) => i.productId === product.id && i.label === label);
    const held = withFullBattery ? same.filter((i) => i.withFullBattery).length : same.length;
    if (held >= available || same.length >= product.quantity) {
      return AppError.badRequest("PRODUCT_VARIANT_EXHAUSTED", `Your cart already holds every unit of grade ${label} in stock.`, "productVariantLabel");
    }
    return null;
  }

  /** The band's cheapest grade in stock, when the band belongs to the case and one is left for this cart. */
  async function wristbandFor(locked: CartStatements, caseId: number, bandId: number, inCart: CartItemRow[]) {
    if (!(await locked.isWristbandOf(caseId, bandId))) throw AppError.badRequest("PRODUCT_DOESNT_EXIST", "This band does not fit this case.", "wristbandId");
    const band = await locked.cheapestLine(bandId);
    if (!band) throw AppError.badRequest("PRODUCT_VARIANT_OUT_OF_STOCK", "This band is out of stock.", "wristbandId");
    const problem = addProblem(await locked.productForAdd(bandId, band.label), inCart, band.label, false);
    if (problem) throw problem;
    return band;
  }

  return {
    evaluate,
    findCart,
    /** The owner's cart row, made on first need; the sell cart lives in the same row. */
    cartForWriting,

    async view(owner: CartOwner): Promise<CartView> {
      const cart = await findCart(owner, { lines: true });
      return answer(cart, owner, cart?.lines);
    },

    async itemCount(owner: CartOwner): Promise<number> {
      // Asked on every page of a visitor with a cart (the header's count): it comes with the cart's row.
      return (await findCart(owner))?.itemCount ?? 0;
    },

    async addItem(owner: CartOwner, input: { id: number; productVariantLabel: Grade; withFullBattery: boolean; searchUuid?: string | null | undefined; wristbandId?: number | undefined }) {
      const { cart, token } = await cartForWriting(owner);
      const uuid = await repo.changing(cart.uuid, async (locked) => {
        const inCart = await locked.items(cart.uuid);
        if (inCart.length >= CART_MAX_ITEMS) throw AppError.badRequest("CART_FULL", `A cart holds at most ${CART_MAX_ITEMS} items.`, "id");
        const product = await locked.productForAdd(input.id, input.productVariantLabel);
        const problem = addProblem(product, inCart, input.productVariantLabel, input.withFullBattery);
        if (problem) throw problem;
        if (cart.couponCode && inCart.length >= 1) {
          const coupon = await locked.coupon(cart.couponCode);
          if (coupon?.singleItemOnly) {
            throw AppError.badRequest("COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED", `Coupon ${coupon.code} is for instalment orders of one item. Remove it to add more.`, "id");
          }
        }
        // A watch case with its chosen band: both go in, or neither.
        const band = input.wristbandId === undefined ? undefined : await wristbandFor(locked, input.id, input.wristbandId, inCart);
        const added = await locked.addItem(cart.uuid, {
          productId: input.id,
          label: input.productVariantLabel,
          withFullBattery: input.withFullBattery,
          searchUuid: input.searchUuid ?? null,
        });
        if (band) await locked.addItem(cart.uuid, { productId: band.productId, label: band.label, withFullBattery: false, searchUuid: input.searchUuid ?? null });
        return added;
      });
      const view = await answer(cart, owner);
      return { view, itemUuid: uuid, token };
    },

    async updateItem(owner: CartOwner, uuid: string, change: { productVariantLabel?: Grade | undefined; withFullBattery?: boolean | undefined }) {
      const cart = await findCart(owner);
      const notInCart = () => AppError.notFound("CART_ITEM_NOT_FOUND", "This item is not in your cart.", "uuid");
      if (!cart) throw notInCart();
      await repo.changing(cart.uuid, async (locked) => {
        const inCart = await locked.items(cart.uuid);
        const item = inCart.find((i) => i.uuid === uuid);
        if (!item) throw notInCart();
        const label = change.productVariantLabel ?? item.label;
        const withFullBattery = change.withFullBattery ?? (label === item.label ? item.withFullBattery : false);
        const others = inCart.filter((i) => i.uuid !== uuid);
        const problem = addProblem(await locked.productForAdd(item.productId, label), others, label, withFullBattery);
        if (problem) throw problem;
        await locked.updateItem(cart.uuid, uuid, { label, withFullBattery });
      });
      return answer(cart, owner);
    },

    async removeItem(owner: CartOwner, uuid: string, options: { repair: boolean }) {
      const cart = await findCart(owner);
      if (!cart || !(await repo.changing(cart.uuid, (locked) => locked.removeItem(cart.uuid, uuid)))) {
        throw AppError.notFound("CART_ITEM_NOT_FOUND", "This item is not in your cart.", "uuid");
      }
      if (options.repair) return answer(cart, owner);
      return toView(await evaluate(cart, owner.customer?.email ?? cart.email), owner.customer?.email ?? null);
    },

    async setCoupon(owner: CartOwner, code: string) {
      // Checked before a visitor's cart is made: a wrong code must not leave an empty cart behind.
      const existing = await findCart(owner);
      const coupon = await repo.coupon(code);
      const lines = existing ? (await repo.items(existing.uuid)).map(toLine) : [];
      const email = owner.customer?.email ?? existing?.email ?? null;
      const used = coupon?.oncePerCustomer && email ? await repo.couponUsedBy(coupon.code, normalizeEmail(email)) : false;
      const problem = couponProblem(coupon ?? null, lines, todayIso(deps.clock()), used);
      if (problem) throw AppError.badRequest(problem, couponMessage(problem), "code");
      const { cart, token } = existing ? { cart: existing, token: undefined } : await cartForWriting(owner);
      await repo.changing(cart.uuid, (locked) => locked.updateCart(cart.uuid, { couponCode: coupon!.code }));
      return { view: await answer({ ...cart, couponCode: coupon!.code }, owner), token };
    },

    async removeCoupon(owner: CartOwner) {
      const cart = await findCart(owner);
      if (cart) await repo.changing(cart.uuid, (locked) => locked.updateCart(cart.uuid, { couponCode: null }));
      return answer(cart && { ...cart, couponCode: null }, owner);
    },

    async simulateCoupon(owner: CartOwner, input: { code?: string | undefined; productId?: number | undefined } | null | undefined) {
      const cart = await findCart(owner);
      const lines = cart ? (await repo.items(cart.uuid)).map(toLine) : [];
      const email = owner.customer?.email ?? cart?.email ?? null;
      let code = input?.code ?? cart?.couponCode ?? lines.find((l) => l.productCouponCode)?.productCouponCode;
      // On a product page: the product's coupon, as it would apply with this product in the cart.
      if (input?.productId && !input.code) {
        const product = await repo.productForAdd(input.productId, "A0");
        if (!product) throw AppError.notFound("PRODUCT_DOESNT_EXIST", "This product does not exist.", "productId");
        const coupon = (await repo.productCoupon(input.productId)) ?? null;
        if (!coupon) return null;
        code = coupon;
        const cheapest = await repo.cheapestLine(input.productId);
        if (cheapest) lines.push({ ...cheapest, uuid: "simulated", withFullBattery: false, saleable: true, insurancePrice: null, productCouponCode: coupon });
      }
      if (!code || lines.length === 0) return null;
      return simulate(lines, code, email);
    },

    async setOptions(owner: CartOwner, change: { insurance?: boolean | undefined; deliveryMethod?: DeliveryMethod | undefined; paymentMethod?: PaymentMethod | undefined }) {
      const cart = await findCart(owner);
      if (!cart) throw AppError.notFound("CART_EMPTY", "Your cart is empty.", "cart");
      const evaluated = await evaluate(cart, owner.customer?.email ?? cart.email);
      const next = { ...evaluated.choices, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) } as CartChoices;
      if (change.insurance) {
        if (evaluated.lines.length > 1) throw AppError.badRequest("MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE", "Insurance covers orders of one item.", "insurance");
        if (insurancePrice(evaluated.lines) === null) throw AppError.badRequest("INSURANCE_NOT_OFFERED", "This item cannot be insured.", "insurance");
        if (next.deliveryAddress && !insuranceAllowedFor(next.deliveryAddress)) {
          throw AppError.badRequest("ADDRESS_DOES_NOT_ALLOW_INSURANCE", "Insured parcels go to home addresses in Germany or Austria.", "insurance");
        }
      }
      if (change.paymentMethod && !evaluated.paymentMethods.includes(change.paymentMethod)) {
        throw AppError.badRequest("INVALID_PAYMENT_METHOD", "This payment method is not available for this order.", "paymentMethod");
      }
      if (next.deliveryAddress) {
        const packstation = packstationProblem(next.deliveryAddress, next);
        if (packstation) throw AppError.badRequest(packstation, "A Packstation takes standard, uninsured parcels within Germany.", "deliveryMethod");
        if (next.deliveryMethod === "express" && !expressAllowedFor(next.deliveryAddress)) {
          throw AppError.badRequest("DELIVERY_METHOD_VALIDATION_FAILED", "Express delivery goes to addresses in Germany only.", "deliveryMethod");
        }
      }
      await repo.changing(cart.uuid, (locked) => locked.updateCart(cart.uuid, { insurance: next.insurance, deliveryMethod: next.deliveryMethod, paymentMethod: next.paymentMethod }));
      return answer(await repo.cartByUuid(cart.uuid), owner);
    },

    async setAddress(owner: CartOwner, input: { email?: string | undefined; billingAddress: Address; deliveryAddress?: Address | null | undefined }) {
      const cart = await findCart(owner);
      if (!cart || (await repo.items(cart.uuid)).length === 0) throw AppError.notFound("CART_EMPTY", "Your cart is empty.", "cart");
      if (!owner.customer && !input.email) throw AppError.badRequest("EMAIL_REQUIRED", "Enter your e-mail address for the order confirmation, or log in.", "email");
      if (input.billingAddress.packstation) throw AppError.badRequest("PACKSTATION_NOT_ALLOWED", "A Packstation cannot be a billing address.", "billingAddress");
      const delivery = input.deliveryAddress ?? input.billingAddress;
      const evaluated = await evaluate(cart, owner.customer?.email ?? input.email ?? null);
      const problem = packstationProblem(delivery, evaluated.choices);
      if (problem) throw AppError.badRequest(problem, "A Packstation takes standard, uninsured parcels within Germany. Choose standard delivery without insurance first.", "deliveryAddress");
      await repo.changing(cart.uuid, (locked) =>
        locked.updateCart(cart.uuid, {
          email: owner.customer ? null : normalizeEmail(input.email!),
          billingAddress: input.billingAddress,
          deliveryAddress: delivery,
        }),
      );
      return answer(await repo.cartByUuid(cart.uuid), owner);
    },

    /** At login: the visitor's cart joins the customer's. */
    async adoptVisitorCart(cartToken: string | undefined, customerUuid: string): Promise<void> {
      if (!cartToken) return;
      const cart = await repo.cartByToken(hashToken(cartToken));
      if (cart) await repo.mergeInto(cart.uuid, customerUuid);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;

function couponMessage(problem: CartRepair): string {
  switch (problem) {
    case "COUPON::EXPIRED":
      return "This coupon is not valid today.";
    case "COUPON::MIN_ORDER_VALUE":
      return "Your cart does not reach this coupon's minimum order value yet.";
    case "COUPON::ALREADY_USED":
      return "You have used this coupon already.";
    case "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED":
      return "This instalment coupon is for orders of one item.";
    default:
      return "There is no coupon with this code.";
  }
}
