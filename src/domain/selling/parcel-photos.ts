import type { SaleStatus } from "./sales.ts";

/**
 * Photos receiving takes of a parcel's damage: how many and how large, as the desk sends them
 * (the API re-encodes each one within MAX_EDGE before it is kept).
 */
export const PARCEL_PHOTO_LIMITS = {
  /** Files in one upload (one form). */
  perUpload: 6,
  /** Photos one sale keeps. */
  perSale: 10,
  /** One file as sent: a phone camera's photo fits. */
  fileBytes: 10 * 1024 * 1024,
  /** The longer side of a kept photo, in pixels. */
  maxEdge: 1600,
} as const;

/**
 * Whether a sale's parcel photos may change: not before its parcel is received (there is nothing
 * to photograph yet), open while the shop has it, and finished once the sale is paid or returned.
 */
export function parcelPhotosState(status: SaleStatus): "not_received" | "open" | "finished" {
  if (status === "created") return "not_received";
  return status === "paid" || status === "returned" ? "finished" : "open";
}
