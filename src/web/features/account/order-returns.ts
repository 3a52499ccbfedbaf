import { CLAIM_PHOTO_LIMITS, CLAIM_REMEDIES, RETURN_REASONS, type ClaimRemedy, type ReturnReason } from "../../../domain/returns/returns.ts";
import { byCode, isApiError } from "../../api-client/client.ts";
import type { ClaimCreateError, ClaimPhotoError, ReturnCreateError, ReturnOverview, ReturnsApi } from "../../api-client/returns.ts";

/*
 * The customer's side of returns and warranty claims on the order's pages: links that keep the
 * order mail's key, the timeline's return events, what may be asked for now, and the two forms
 * read, checked and sent (their refusals said at the fields, what was typed kept).
 */

/** A page of the order (or an API address) with the mail's key and any further parameters. */
export function withKey(path: string, key: string | null | undefined, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  if (key) search.set("key", key);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const query = search.toString();
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

/** The order mail's key in a page's address: absent, empty or absurdly long is none (the API checks the rest). */
export function keyOf(url: URL): string | undefined {
  const key = url.searchParams.get("key")?.trim();
  return key && key.length <= 64 ? key : undefined;
}

export const orderPath = (orderUuid: string) => `/my/orders/${encodeURIComponent(orderUuid)}`;

/** A timeline entry's event: "return_requested:RT-001000" is the event return_requested of return RT-001000. */
export function timelineEvent(event: string): { name: string; number: string | null } {
  const at = event.indexOf(":");
  return at < 0 ? { name: event, number: null } : { name: event.slice(0, at), number: event.slice(at + 1) || null };
}

/** What the order offers now: the periods, whether returning or claiming is open, and why not. */
export interface ReturnsOffer {
  delivered: boolean;
  returnKind: ReturnOverview["returnKind"];
  withdrawalEndsAt: string | null;
  returnEndsAt: string | null;
  warrantyEndsAt: string | null;
  /** The order has return periods at all (a replacement device has none). */
  returnsOffered: boolean;
  /** Delivered, with return periods, and the last of them is over. */
  returnPeriodOver: boolean;
  warrantyOpen: boolean;
  /** Some item may be returned now. */
  canReturn: boolean;
  /** Some item may be claimed under warranty now. */
  canClaim: boolean;
}

export function returnsOffer(overview: ReturnOverview): ReturnsOffer {
  const delivered = overview.deliveredAt !== null;
  const returnsOffered = overview.returnEndsAt !== null;
  return {
    delivered,
    returnKind: overview.returnKind,
    withdrawalEndsAt: overview.withdrawalEndsAt,
    returnEndsAt: overview.returnEndsAt,
    warrantyEndsAt: overview.warrantyEndsAt,
    returnsOffered,
    returnPeriodOver: delivered && returnsOffered && overview.returnKind === null,
    warrantyOpen: overview.warrantyOpen,
    canReturn: overview.items.some((item) => item.returnable),
    canClaim: overview.items.some((item) => item.claimable),
  };
}

/** The confirmation the order page shows after a request was sent (from its address). */
export type Confirmation =
  | { kind: "returned"; number: string }
  | { kind: "withdrawn"; number: string }
  | { kind: "claimed"; number: string; photos: PhotoOutcome | null };

/** What became of the photos sent with a claim: kept, or why not. */
export const PHOTO_OUTCOMES = ["sent", "notAnImage", "tooLarge", "tooMany", "failed"] as const;
export type PhotoOutcome = (typeof PHOTO_OUTCOMES)[number];

const RETURN_NUMBER = /^RT-\d{6,9}$/;
const CLAIM_NUMBER = /^GA-\d{6,9}$/;

export function confirmationOf(params: URLSearchParams): Confirmation | null {
  const returned = params.get("returned");
  if (returned && RETURN_NUMBER.test(returned)) return { kind: "returned", number: returned };
  const withdrawn = params.get("withdrawn");
  if (withdrawn && RETURN_NUMBER.test(withdrawn)) return { kind: "withdrawn", number: withdrawn };
  const claimed = params.get("claimed");
  if (claimed && CLAIM_NUMBER.test(claimed)) {
    const photos = params.get("photos");
    return { kind: "claimed", number: claimed, photos: PHOTO_OUTCOMES.find((o) => o === photos) ?? null };
  }
  return null;
}

/** A form's refusal: text keys (under orders.returnForm / orders.claimForm) by field, and one for the form as a whole. */
export interface FormProblems {
  fields: Record<string, string>;
  problem: string | null;
}

// Returns.

export interface ReturnFormValues {
  items: string[];
  reasons: Record<string, string>;
  comment: string;
}

export const COMMENT_MAX = 1000;
const isReason = (value: string): value is ReturnReason => (RETURN_REASONS as readonly string[]).includes(value);

/**
 * The return form as posted: the checked items (`item`), each one's reason (`reason.<item>`) and
 * the comment. Fields: `items` (none chosen), `reason.<item>`, `comment`.
 */
export function readReturnForm(form: FormData): { values: ReturnFormValues; fields: Record<string, string> } {
  const items = [...new Set(form.getAll("item").filter((v): v is string => typeof v === "string" && v !== ""))].slice(0, 50);
  const reasons: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith("reason.") && typeof value === "string" && value) reasons[name.slice("reason.".length)] = value;
  }
  const comment = String(form.get("comment") ?? "").trim();
  const fields: Record<string, string> = {};
  if (items.length === 0) fields.items = "noItem";
  for (const item of items) if (!isReason(reasons[item] ?? "")) fields[`reason.${item}`] = "reason";
  if (comment.length > COMMENT_MAX) fields.comment = "commentTooLong";
  return { values: { items, reasons, comment }, fields };
}

const RETURN_PROBLEMS: Partial<Record<ReturnCreateError, string>> = {
  RETURN_PERIOD_ENDED: "periodEnded",
  ORDER_NOT_DELIVERED: "notDelivered",
};

/** The API's refusal of a return, at the fields it names (`items` is the order the items were sent in). */
export function returnProblemsOf(error: { errors: { code: string; reference: string }[] }, items: readonly string[]): FormProblems {
  const result: FormProblems = { fields: {}, problem: null };
  for (const { code, reference } of error.errors) {
    const reason = /^body\.items\.(\d+)\.reason$/.exec(reference);
    if (code === "VALIDATION_FAILED" && reference === "body.comment") result.fields.comment ??= "commentTooLong";
    else if (code === "VALIDATION_FAILED" && reason && items[Number(reason[1])]) result.fields[`reason.${items[Number(reason[1])]}`] ??= "reason";
    else if (code === "VALIDATION_FAILED" && reference.startsWith("body.items")) result.fields.items ??= "noItem";
    else if ((code === "RETURN_EXISTS" || code === "RETURN_ITEM_INVALID") && items.includes(reference)) result.fields[`item.${reference}`] ??= code === "RETURN_EXISTS" ? "exists" : "itemInvalid";
    else result.problem ??= byCode(RETURN_PROBLEMS, code) ?? "failed";
  }
  return result;
}

/** Sends the return form: the order page with the confirmation, or what to say at the form (the typed values with it). */
export async function sendReturn(
  api: ReturnsApi,
  orderUuid: string,
  key: string | undefined,
  form: FormData,
): Promise<{ redirect: string } | ({ values: ReturnFormValues; status: number } & FormProblems)> {
  const { values, fields } = readReturnForm(form);
  if (Object.keys(fields).length > 0) return { values, fields, problem: null, status: 400 };
  try {
    const created = await api.createReturn(orderUuid, { items: values.items.map((item) => ({ orderItemUuid: item, reason: values.reasons[item] as ReturnReason })), ...(values.comment ? { comment: values.comment } : {}) }, key);
    return { redirect: withKey(orderPath(orderUuid), key, { returned: created.number }) };
  } catch (error) {
    if (!isApiError<ReturnCreateError>(error) || error.status >= 500 || error.code === "ORDER_NOT_FOUND") throw error;
    return { values, ...returnProblemsOf(error, values.items), status: error.status };
  }
}

// Warranty claims.

export interface ClaimFormValues {
  item: string;
  description: string;
  remedy: string;
}

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
const isRemedy = (value: string): value is ClaimRemedy => (CLAIM_REMEDIES as readonly string[]).includes(value);

/** The claim form as posted: the item (`item`), the defect (`description`) and the remedy wished (`remedy`). */
export function readClaimForm(form: FormData): { values: ClaimFormValues; fields: Record<string, string> } {
  const values = { item: String(form.get("item") ?? ""), description: String(form.get("description") ?? "").trim(), remedy: String(form.get("remedy") ?? "") };
  const fields: Record<string, string> = {};
  if (!values.item) fields.item = "noItem";
  if (values.description.length < DESCRIPTION_MIN) fields.description = "descriptionShort";
  else if (values.description.length > DESCRIPTION_MAX) fields.description = "descriptionLong";
  if (!isRemedy(values.remedy)) fields.remedy = "remedy";
  return { values, fields };
}

const CLAIM_ITEM_PROBLEMS: Partial<Record<ClaimCreateError, string>> = { CLAIM_EXISTS: "claimExists", RETURN_EXISTS: "inReturn", RETURN_ITEM_INVALID: "itemInvalid" };
const CLAIM_PROBLEMS: Partial<Record<ClaimCreateError, string>> = { WARRANTY_ENDED: "warrantyEnded", ORDER_NOT_DELIVERED: "notDelivered" };

/** The API's refusal of a claim, at the fields it names. */
export function claimProblemsOf(error: { errors: { code: string; reference: string }[] }): FormProblems {
  const result: FormProblems = { fields: {}, problem: null };
  for (const { code, reference } of error.errors) {
    const item = byCode(CLAIM_ITEM_PROBLEMS, code);
    if (item) result.fields.item ??= item;
    else if (code === "VALIDATION_FAILED" && reference === "body.description") result.fields.description ??= "descriptionShort";
    else if (code === "VALIDATION_FAILED" && reference === "body.remedy") result.fields.remedy ??= "remedy";
    else if (code === "VALIDATION_FAILED" && reference === "body.orderItemUuid") result.fields.item ??= "noItem";
    else result.problem ??= byCode(CLAIM_PROBLEMS, code) ?? "failed";
  }
  return result;
}

/** The photos a posted form carries: a file input left empty sends one nameless, empty file. */
export function photosOf(form: FormData): File[] {
  return form.getAll("photos").filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/** What can be told before sending: too many files, or one too large (its name). */
export function photoProblemBeforeSending(photos: readonly { name: string; size: number; type?: string }[]): { kind: "tooMany" | "tooLarge" | "notAnImage"; name?: string } | null {
  if (photos.length > CLAIM_PHOTO_LIMITS.perUpload) return { kind: "tooMany" };
  const large = photos.find((photo) => photo.size > CLAIM_PHOTO_LIMITS.fileBytes);
  if (large) return { kind: "tooLarge", name: large.name };
  // A type the browser knows and which is no image; an unknown (empty) type is the API's to judge.
  const other = photos.find((photo) => photo.type && !photo.type.startsWith("image/"));
  return other ? { kind: "notAnImage", name: other.name } : null;
}

const PHOTO_PROBLEMS: Partial<Record<ClaimPhotoError, PhotoOutcome>> = { PHOTO_NOT_AN_IMAGE: "notAnImage", PHOTO_TOO_LARGE: "tooLarge", PHOTO_LIMIT: "tooMany" };

/** Why the photos were not kept, whatever went wrong (the claim exists either way). */
export function photoOutcomeOf(error: unknown): PhotoOutcome {
  return (isApiError<ClaimPhotoError>(error) && byCode(PHOTO_PROBLEMS, error.code)) || "failed";
}

/**
 * Sends the claim form: the claim first, then its photos in a second call. Photos refused after
 * the claim exists do not undo it: the order page says the claim was made and the photos were not kept.
 */
export async function sendClaim(
  api: ReturnsApi,
  orderUuid: string,
  key: string | undefined,
  form: FormData,
): Promise<{ redirect: string } | ({ values: ClaimFormValues; status: number; photoName?: string } & FormProblems)> {
  const { values, fields } = readClaimForm(form);
  const photos = photosOf(form);
  const before = photoProblemBeforeSending(photos);
  if (before) fields.photos = before.kind;
  if (Object.keys(fields).length > 0) return { values, fields, problem: null, status: 400, ...(before?.name ? { photoName: before.name } : {}) };
  let number: string;
  let claimUuid: string;
  try {
    ({ number, uuid: claimUuid } = await api.createClaim(orderUuid, { orderItemUuid: values.item, description: values.description, remedy: values.remedy as ClaimRemedy }, key));
  } catch (error) {
    if (!isApiError<ClaimCreateError>(error) || error.status >= 500 || error.code === "ORDER_NOT_FOUND") throw error;
    return { values, ...claimProblemsOf(error), status: error.status };
  }
  let photoOutcome: PhotoOutcome | undefined;
  if (photos.length > 0) {
    photoOutcome = await api.uploadClaimPhotos(claimUuid, photos, key).then(
      () => "sent" as const,
      (error: unknown) => photoOutcomeOf(error),
    );
  }
  return { redirect: withKey(orderPath(orderUuid), key, { claimed: number, photos: photoOutcome }) };
}
