import type { CartRepair } from "../domain/checkout/cart-rules.ts";
import type { AddToCartRefusal } from "../domain/checkout/add-to-cart.ts";
import type { Refusal } from "../domain/selling/grading.ts";
import type { PrepareCheckoutError, SellCouponProblem } from "../domain/selling/sell-cart-rules.ts";

/**
 * Every error code the API answers with: `code` of an ErrorItem is one of these and nothing else.
 * AppError takes only these, so a code thrown with a typo, or one renamed here, fails type-check
 * in the service that throws it; each operation names the ones it may answer (OperationErrors,
 * beside its schemas), and the storefront compares against those. The codes the domain's rules
 * produce (a cart's repairs, SPEC's add-to-cart refusals, the sell side's problems) are the
 * domain's, joined in below as ErrorCode.
 */
export const ERROR_CODES = [
  // Any operation: the request itself (GENERAL_ERRORS), a route or operation that is not there, a session that is needed.
  "VALIDATION_FAILED",
  "BAD_REQUEST",
  "INVALID_JSON",
  "CROSS_SITE_REQUEST",
  "TOO_MANY_REQUESTS",
  "INTERNAL_ERROR",
  "ROUTE_NOT_FOUND",
  "NOT_AUTHENTICATED",
  // Node's HTTP parser refused the request (no route ran).
  "MALFORMED_REQUEST",
  "UNKNOWN_METHOD",
  "REQUEST_HEADERS_TOO_LARGE",
  "REQUEST_TIMEOUT",
  // Rate limit pass (verification).
  "VERIFICATION_CHALLENGE_INVALID",
  "VERIFICATION_CHALLENGE_EXPIRED",
  "VERIFICATION_SOLUTION_WRONG",
  "VERIFICATION_CHALLENGE_SPENT",
  // Catalogue and content.
  "PRODUCT_DOESNT_EXIST",
  "PRODUCT_HAS_NO_WRISTBANDS",
  "WRISTBAND_NOT_AVAILABLE",
  "CATEGORY_DOESNT_EXIST",
  "SEO_BLOCK_DOESNT_EXIST",
  "LANDING_PAGE_DOESNT_EXIST",
  "SITEMAP_PAGE_DOESNT_EXIST",
  "CONTENT_DOESNT_EXIST",
  "ARTICLE_DOESNT_EXIST",
  "PAGE_DOESNT_EXIST",
  "LEGAL_DOCUMENT_DOESNT_EXIST",
  "KEY_TAKEN",
  "SLUG_TAKEN",
  "PUBLISH_WINDOW_INVALID",
  "REVIEW_EXISTS",
  "REVIEW_NOT_PENDING",
  // Buy cart and checkout (with the domain's AddToCartRefusal and CartRepair).
  "CART_FULL",
  "CART_EMPTY",
  "CART_ITEM_NOT_FOUND",
  "CART_CHANGED",
  "INSURANCE_NOT_OFFERED",
  "EMAIL_REQUIRED",
  "ADDRESS_MISSING",
  "PAYMENT_METHOD_MISSING",
  "ORDER_TOTAL_CHANGED",
  "ORDER_NOT_FOUND",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_PROGRESS",
  // Payments.
  "PAYMENT_NOT_FOUND",
  "PAYMENT_SIGNATURE_INVALID",
  "PAYMENT_PROVIDER_NOT_CONFIGURED",
  "PAYMENT_PROVIDER_UNAVAILABLE",
  // Cancellations and refunds.
  "ORDER_NOT_CANCELLABLE",
  "ORDER_NOT_PAID",
  "REFUND_EXCEEDS_PAID",
  "REFUND_ITEM_INVALID",
  "REFUND_PROVIDER_REFUSED",
  "INVALID_RESULT",
  // Sell side (with the domain's trade-in refusals, sell coupon problems and prepare-checkout errors).
  "PRODUCT_NOT_PURCHASABLE",
  "GRADING_ANSWERS_INVALID",
  "TRADE_IN::OFFER_CHANGED",
  "SELL_CART_FULL",
  "EXPRESS_GRADING_NOT_AVAILABLE",
  "PAYOUT_CHANGED",
  "IBAN_INVALID",
  "IBAN_NOT_SEPA",
  "SALE_NOT_FOUND",
  "SALE_ITEM_NOT_FOUND",
  "SALE_STATE_CHANGED",
  "SALE_TRANSITION_NOT_ALLOWED",
  "COUNTEROFFER_ITEMS_MISSING",
  // Wishlist and alerts.
  "BUY_ALERT_NOT_FOUND",
  "UNSUBSCRIBE_TOKEN_INVALID",
  // Accounts.
  "INVALID_CREDENTIALS",
  "LOGIN_TEMPORARILY_LOCKED",
  "MAIL_LIMIT_REACHED",
  "RESET_TOKEN_INVALID",
  "VERIFICATION_TOKEN_INVALID",
  "EMAIL_ALREADY_REGISTERED",
  "EMAIL_ALREADY_VERIFIED",
  "EMAIL_UNCHANGED",
  "PASSWORD_INCORRECT",
  "ADDRESS_NOT_FOUND",
  "ADDRESS_BOOK_FULL",
  "BOUNCE_SECRET_INVALID",
  "SOCIAL_LOGIN_PROVIDER_UNKNOWN",
  "SOCIAL_LOGIN_STATE_INVALID",
  "SOCIAL_LOGIN_REFUSED",
  "SOCIAL_LOGIN_EMAIL_TAKEN",
  "SOCIAL_LOGIN_NO_EMAIL",
  "SOCIAL_LOGIN_UNAVAILABLE",
  "IDENTITY_NOT_FOUND",
  "LAST_LOGIN_METHOD",
  // Newsletter.
  "NEWSLETTER_TOKEN_INVALID",
  // Back-office: staff, their second factor and roles.
  "SECOND_FACTOR_REQUIRED",
  "SECOND_FACTOR_INVALID",
  "SECOND_FACTOR_NOT_ENROLLED",
  "SECOND_FACTOR_ALREADY_ENROLLED",
  "PASSKEY_REGISTRATION_INVALID",
  "PASSKEY_NOT_FOUND",
  "LAST_SECOND_FACTOR",
  "STAFF_SESSION_EXPIRED",
  "ROLE_REQUIRED",
  "STAFF_NOT_FOUND",
  "STAFF_INVITATION_INVALID",
  "STAFF_INVITATION_WRONG_ACCOUNT",
  "LAST_ADMIN",
  // Back-office: receiving and inspection.
  "CHECKLIST_INVALID",
  "INSPECTION_CONFLICT",
  "SALE_NOT_RECEIVED",
  "PHOTO_NOT_AN_IMAGE",
  "PHOTO_TOO_LARGE",
  "PHOTO_LIMIT",
  "PHOTO_NOT_FOUND",
  // Back-office: payouts.
  "NOTHING_DUE",
  "PAYOUT_BATCH_NOT_FOUND",
  "PAYOUT_BATCH_WITHOUT_TRANSFERS",
  "PAYOUT_BATCH_EXECUTED",
  // Back-office: units.
  "UNIT_NOT_FOUND",
  "UNIT_CHANGED",
  "UNIT_MOVE_NOT_ALLOWED",
  "UNIT_HELD_BY_ORDER",
  "FULL_BATTERY_NOT_OFFERED",
  // Back-office: fulfilment.
  "ORDER_TRANSITION_NOT_ALLOWED",
  "ORDER_ITEM_NOT_FOUND",
  "UNIT_DOES_NOT_MATCH",
  "TRACKING_NUMBER_INVALID",
  "CARRIER_SECRET_INVALID",
  // Back-office: the catalogue (products, their pictures, categories).
  "IDENTIFIER_INVALID",
  "CATEGORY_PATH_TAKEN",
  "CATEGORY_MOVE_NOT_ALLOWED",
  // Back-office: coupons of both sides.
  "COUPON_EXISTS",
  "COUPON_NOT_FOUND",
  // Back-office: sale price rules, prices by hand and trade-in purchase prices.
  "PRICE_RULE_NOT_FOUND",
  "PRICE_RULE_TOO_BROAD",
  "PRICE_PREVIEW_OUTDATED",
  "PRICE_BELOW_PURCHASE_PRICE",
  "PRICE_OVERRIDE_NOT_FOUND",
  "PURCHASE_PRICES_OUT_OF_ORDER",
  // Back-office: incoming bank transfers.
  "STATEMENT_INVALID_XML",
  "STATEMENT_NOT_CAMT053",
  "STATEMENT_TOO_LARGE",
  "TRANSFER_NOT_FOUND",
  "TRANSFER_ALREADY_BOOKED",
  "TRANSFER_NOTE_REQUIRED",
  "ORDER_NOT_AWAITING_TRANSFER",
  // Returns and warranty claims.
  "ORDER_NOT_DELIVERED",
  "RETURN_PERIOD_ENDED",
  "WARRANTY_ENDED",
  "RETURN_EXISTS",
  "RETURN_NOT_FOUND",
  "RETURN_NOT_CANCELLABLE",
  "RETURN_NOT_RECEIVED",
  "RETURN_ALREADY_RECEIVED",
  "RETURN_ALREADY_DECIDED",
  "RETURN_IDENTIFIER_MISMATCH",
  "RETURN_AMOUNT_INVALID",
  "RETURN_ITEM_INVALID",
  "CLAIM_EXISTS",
  "CLAIM_NOT_FOUND",
  "CLAIM_DECISION_NOT_ALLOWED",
  "REPLACEMENT_OUT_OF_STOCK",
  // Support.
  "CUSTOMER_NOT_FOUND",
] as const;

/** A code of the catalogue: the API's own and those of the domain's rules. */
export type ErrorCode =
  | (typeof ERROR_CODES)[number]
  | AddToCartRefusal
  | CartRepair
  | `TRADE_IN::${Refusal | "BELOW_MINIMUM"}`
  | SellCouponProblem
  | PrepareCheckoutError["type"];

/** Fastify's own client errors (a body it cannot parse, an unsupported media type, one too large) keep Fastify's code. */
export type FrameworkErrorCode = `FST_ERR_${string}`;

/**
 * What any operation may answer besides its own codes: a request that could not be read, a
 * state-changing request from another site, past the rate limit, and our bug.
 */
export const GENERAL_ERRORS = ["BAD_REQUEST", "CROSS_SITE_REQUEST", "TOO_MANY_REQUESTS", "INTERNAL_ERROR"] as const satisfies readonly ErrorCode[];
export type GeneralError = (typeof GENERAL_ERRORS)[number] | FrameworkErrorCode;

/** HTTP statuses of error answers. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503;

/**
 * The codes one operation may answer, by status: declared once beside the operation's schemas,
 * described from there in its OpenAPI responses (errorResponsesOf) and exported as a union
 * through the contract (OperationError).
 */
export type OperationErrors = { readonly [S in ErrorStatus]?: readonly ErrorCode[] };

/** Declares an operation's codes, keeping each code's literal type. */
export function operationErrors<const E extends OperationErrors>(errors: E): E {
  return errors;
}

/** The codes of an operation's declaration, as a union. */
export type ErrorCodeOf<E extends OperationErrors> = { [S in keyof E]-?: E[S] extends readonly (infer C)[] ? C : never }[keyof E];

/** What a client of an operation may meet: its own codes and the general ones. */
export type OperationError<E extends OperationErrors> = ErrorCodeOf<E> | GeneralError;
