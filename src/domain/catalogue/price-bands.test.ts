import { describe, expect, it } from "vitest";
import { bandsOfRange, PRICE_BAND_EDGES, PRICE_BANDS, priceBandOf } from "./price-bands.ts";

describe("price bands", () => {
  it("cover every price once, the last band open", () => {
    expect(PRICE_BANDS[0]).toEqual({ band: 0, min: 0, max: 999 });
    expect(PRICE_BANDS[1]).toEqual({ band: 1, min: 1000, max: 2499 });
    expect(PRICE_BANDS.at(-1)).toEqual({ band: PRICE_BAND_EDGES.length - 1, min: 250000, max: null });
    for (const band of PRICE_BANDS) {
      expect(priceBandOf(band.min)).toBe(band.band);
      if (band.max !== null) expect(priceBandOf(band.max)).toBe(band.band);
    }
    expect(priceBandOf(99_999_999)).toBe(PRICE_BAND_EDGES.length - 1);
  });

  it("tell which bands a range covers exactly", () => {
    expect(bandsOfRange(undefined, undefined)).toEqual({ from: 0, to: null });
    expect(bandsOfRange(1000, 2499)).toEqual({ from: 1, to: 1 });
    expect(bandsOfRange(1000, 4999)).toEqual({ from: 1, to: 2 });
    expect(bandsOfRange(250000, undefined)).toEqual({ from: 11, to: null });
    expect(bandsOfRange(undefined, 999)).toEqual({ from: 0, to: 0 });
  });

  it("leave ranges that end inside a band to the products", () => {
    expect(bandsOfRange(1, undefined)).toBeNull();
    expect(bandsOfRange(1000, 2000)).toBeNull();
    expect(bandsOfRange(undefined, 1000)).toBeNull();
  });
});
