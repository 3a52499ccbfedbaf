import { describe, expect, it } from "vitest";
import { parcelPhotosState } from "./parcel-photos.ts";
import { SALE_STATUSES, type SaleStatus } from "./sales.ts";

describe("parcelPhotosState", () => {
  it("opens once the parcel is received and finishes with the sale", () => {
    const expected: Record<SaleStatus, ReturnType<typeof parcelPhotosState>> = {
      created: "not_received",
      parcel_received: "open",
      in_inspection: "open",
      counteroffer: "open",
      offer_confirmed: "open",
      paid: "finished",
      returned: "finished",
    };
    expect(Object.fromEntries(SALE_STATUSES.map((s) => [s, parcelPhotosState(s)]))).toEqual(expected);
  });
});
