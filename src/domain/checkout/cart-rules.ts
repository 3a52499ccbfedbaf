import { gradeHasFullBatteryOption, type Grade } from "../catalogue/grades.ts";

/*
 * The buy cart's rules, without I/O: what a cart costs, when it ships, which options it may
 * have, and how a cart that no longer fits the rules is repaired. The cart and checkout services
 * apply them inside transactions; the storefront shows their outcome.
 */

/** One unit in the cart: refurbished goods are single units, so a line is one unit of one grade. */
export interface CartLine {
  uuid: string;
  productId: number;
  label: Grade;
  withFullBattery: boolean;
  /** Current price of the grade, and of the full-battery option, in cents. */
  price: number;
  fullBatteryPrice: number;
  /** Units of the grade (and with a full battery) in stock now, not counting this cart. */
  stock: number;
  fullBatteryStock: number;
  saleable: boolean;
  insurancePrice: number | null;
  /** The product's coupon code, which the cart offers to simulate. */
  productCouponCode: string | null;
}

export interface Coupon {
  code: string;
  kind: "percent" | "fixed";
  /** Percent 1–100, or cents off the order. */
  amount: number;
  minOrderValue: number;
  validFrom: string;
  validTo: string;
  oncePerCustomer: boolean;
  /** An instalment-financing coupon: only for orders of one item. */
  singleItemOnly: boolean;
}

export const DELIVERY_METHODS = ["standard", "express"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const PAYMENT_METHODS = ["sandbox", "prepayment", "stripe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Countries the shop delivers to. */
export const DELIVERY_COUNTRIES = ["DE", "AT", "NL", "BE", "LU", "FR", "IT", "ES"] as const;
export type Country = (typeof DELIVERY_COUNTRIES)[number];
/** Transport insurance is underwritten for these destinations only. */
const INSURABLE_COUNTRIES: readonly Country[] = ["DE", "AT"];
/** Express goes by courier: home addresses in Germany only. */
const EXPRESS_COUNTRIES: readonly Country[] = ["DE"];

export const SHIPPING_PRICE: Record<DeliveryMethod, number> = { standard: 0, express: 990 };

export interface Address {
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: Country;
  /** A DHL Packstation: street is "Packstation", houseNumber its number, and the customer's post number. */
  packstation: boolean;
  postNumber?: string | null;
  company?: string | null;
}

/** Why the server changed a cart; each has a toast in the storefront (repairedCart.*). */
export const CART_REPAIRS = [
  "INVALID_PAYMENT_METHOD",
  "COUPON::INVALID",
  "COUPON::EXPIRED",
  "COUPON::MIN_ORDER_VALUE",
  "COUPON::ALREADY_USED",
  "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED",
  "ORDER_PROMISE_CHANGED",
  "ADDRESS_DOES_NOT_ALLOW_INSURANCE",
  "PACKSTATION_NOT_ALLOWED",
  "DELIVERY_METHOD_VALIDATION_FAILED",
  "MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE",
] as const;
export type CartRepair = (typeof CART_REPAIRS)[number];

/** Choices the customer made on the cart; the repair rules may take some back. */
export interface CartChoices {
  couponCode: string | null;
  insurance: boolean;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod | null;
  deliveryAddress: Address | null;
}

export function linePrice(line: Pick<CartLine, "price" | "fullBatteryPrice" | "withFullBattery">): number {
  return line.price + (line.withFullBattery ? line.fullBatteryPrice : 0);
}

/** The coupon's problem for these lines on this day, or null when it applies. */
export function couponProblem(
  coupon: Coupon | null,
  lines: readonly Pick<CartLine, "price" | "fullBatteryPrice" | "withFullBattery">[],
  today: string,
  alreadyUsed: boolean,
): CartRepair | null {
  if (!coupon) return "COUPON::INVALID";
  if (today < coupon.validFrom || today > coupon.validTo) return "COUPON::EXPIRED";
  if (coupon.singleItemOnly && lines.length > 1) return "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED";
  if (lines.reduce((sum, l) => sum + linePrice(l), 0) < coupon.minOrderValue) return "COUPON::MIN_ORDER_VALUE";
  if (coupon.oncePerCustomer && alreadyUsed) return "COUPON::ALREADY_USED";
  return null;
}

/**
 * Each line's discount in cents. A fixed amount is spread over the lines in proportion to their
 * prices by largest remainder, so the shares sum exactly to the amount, no share exceeds its
 * line's price and refunds of single items stay exact.
 */
export function lineDiscounts(coupon: Coupon | null, lines: readonly Pick<CartLine, "price" | "fullBatteryPrice" | "withFullBattery">[]): number[] {
  if (!coupon || lines.length === 0) return lines.map(() => 0);
  const prices = lines.map(linePrice);
  if (coupon.kind === "percent") return prices.map((p) => Math.round((p * coupon.amount) / 100));
  const subtotal = prices.reduce((a, b) => a + b, 0);
  if (subtotal <= 0) return prices.map(() => 0);
  const total = Math.min(coupon.amount, subtotal);
  const exact = prices.map((p) => (total * p) / subtotal);
  const shares = exact.map(Math.floor);
  let rest = total - shares.reduce((a, b) => a + b, 0);
  // The cents lost to rounding down go to the lines that lost most; an exact share never rounds up past its price.
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (rest === 0) break;
    shares[i]! += 1;
    rest -= 1;
  }
  return shares;
}

/** Insurance is one price per item; it exists only when the item has one. */
export function insurancePrice(lines: readonly Pick<CartLine, "insurancePrice">[]): number | null {
  if (lines.length !== 1) return null;
  return lines[0]!.insurancePrice;
}

export interface CartTotals {
  itemsTotal: number;
  discountTotal: number;
  insurance: number;
  shipping: number;
  total: number;
}

export function cartTotals(lines: readonly CartLine[], discounts: readonly number[], choices: Pick<CartChoices, "insurance" | "deliveryMethod">): CartTotals {
  const itemsTotal = lines.reduce((sum, l) => sum + linePrice(l), 0);
  const discountTotal = discounts.reduce((a, b) => a + b, 0);
  const insurance = choices.insurance ? (insurancePrice(lines) ?? 0) : 0;
  const shipping = lines.length === 0 ? 0 : SHIPPING_PRICE[choices.deliveryMethod];
  return { itemsTotal, discountTotal, insurance, shipping, total: itemsTotal - discountTotal + insurance + shipping };
}

/**
 * Working days until dispatch: one to two from the warehouse; a full-battery unit gets its new
 * battery first (two more days); express leaves the same or next day.
 */
export function dispatchDays(lines: readonly Pick<CartLine, "withFullBattery">[], deliveryMethod: DeliveryMethod): { min: number; max: number } {
  if (lines.length === 0) return { min: 0, max: 0 };
  const battery = lines.some((l) => l.withFullBattery) ? 2 : 0;
  return deliveryMethod === "express" ? { min: battery, max: 1 + battery } : { min: 1 + battery, max: 2 + battery };
}

/** Whether the full-battery option may be chosen for this grade now. */
export function fullBatteryAvailable(line: Pick<CartLine, "label" | "fullBatteryStock">): boolean {
  return gradeHasFullBatteryOption(line.label) && line.fullBatteryStock > 0;
}

/**
 * Takes back the choices that no longer fit the cart, and says why. Pure: the service stores the
 * repaired choices and the storefront shows a toast per repair.
 */
export function repairChoices(
  choices: CartChoices,
  context: { lines: readonly CartLine[]; couponProblem: CartRepair | null; paymentMethods: readonly PaymentMethod[] },
): { choices: CartChoices; repairs: CartRepair[] } {
  const repairs: CartRepair[] = [];
  const next: CartChoices = { ...choices };
  if (next.couponCode && context.couponProblem) {
    repairs.push(context.couponProblem);
    next.couponCode = null;
  }
  if (next.paymentMethod && !context.paymentMethods.includes(next.paymentMethod)) {
    repairs.push("INVALID_PAYMENT_METHOD");
    next.paymentMethod = null;
  }
  const address = next.deliveryAddress;
  if (next.deliveryMethod === "express" && address && !expressAllowedFor(address)) {
    repairs.push("DELIVERY_METHOD_VALIDATION_FAILED");
    next.deliveryMethod = "standard";
  }
  if (next.insurance) {
    if (context.lines.length > 1) {
      repairs.push("MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE");
      next.insurance = false;
    } else if (insurancePrice(context.lines) === null) {
      next.insurance = false;
    } else if (address && !insuranceAllowedFor(address)) {
      repairs.push("ADDRESS_DOES_NOT_ALLOW_INSURANCE");
      next.insurance = false;
    }
  }
  return { choices: next, repairs };
}

/** Express goes by courier to home addresses in Germany. */
export function expressAllowedFor(address: Pick<Address, "packstation" | "country">): boolean {
  return !address.packstation && EXPRESS_COUNTRIES.includes(address.country);
}

/** Insured parcels need a signature at a home address in an insurable country. */
export function insuranceAllowedFor(address: Pick<Address, "packstation" | "country">): boolean {
  return !address.packstation && INSURABLE_COUNTRIES.includes(address.country);
}

/** A Packstation takes standard parcels within Germany, never insured or express ones. */
export function packstationProblem(address: Address, choices: Pick<CartChoices, "insurance" | "deliveryMethod">): CartRepair | null {
  if (!address.packstation) return null;
  if (address.country !== "DE" || choices.deliveryMethod === "express" || choices.insurance) return "PACKSTATION_NOT_ALLOWED";
  return null;
}

/** Payment methods on offer: Stripe only when configured; bank transfer only up to a limit (fraud exposure of shipping late). */
export const PREPAYMENT_MAX_TOTAL = 500_000;
/** Stripe refuses to charge less than 50 cents. */
export const STRIPE_MIN_TOTAL = 50;
/** Which methods are switched on: Stripe when configured; the sandbox unless a live shop turns it off. */
export interface PaymentSetup {
  stripe: boolean;
  sandbox: boolean;
}
export function availablePaymentMethods(total: number, setup: PaymentSetup): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) =>
    m === "stripe" ? setup.stripe && total >= STRIPE_MIN_TOTAL : m === "prepayment" ? total <= PREPAYMENT_MAX_TOTAL : setup.sandbox,
  );
}

/** A visitor's cart lives 30 days after its last change; the cookie as long. */
export const VISITOR_CART_TTL_DAYS = 30;

/** The visitor's cart cookie: HttpOnly like the session, and __Host- under HTTPS. */
export function cartCookie(productName: string, publicUrl: string) {
  const secure = publicUrl.startsWith("https://");
  return {
    name: `${secure ? "__Host-" : ""}${productName}-cart`,
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    maxAge: VISITOR_CART_TTL_DAYS * 24 * 60 * 60,
  };
}
export type CartCookie = ReturnType<typeof cartCookie>;
