/**
 * Price bands (cents): band i holds prices from PRICE_BAND_EDGES[i] up to the next edge (exclusive);
 * the last band is open. Lists filter by bands, so their counts come from pre-aggregated groups.
 */
export const PRICE_BAND_EDGES = [0, 1000, 2500, 5000, 10000, 20000, 35000, 50000, 75000, 100000, 150000, 250000] as const;

interface PriceBand {
  band: number;
  /** Lowest price in the band, in cents. */
  min: number;
  /** Highest price in the band, in cents (inclusive); null for the open last band. */
  max: number | null;
}

export function priceBand(band: number): PriceBand {
  const next = PRICE_BAND_EDGES[band + 1];
  return { band, min: PRICE_BAND_EDGES[band]!, max: next === undefined ? null : next - 1 };
}

export const PRICE_BANDS: PriceBand[] = PRICE_BAND_EDGES.map((_, i) => priceBand(i));

/** The band a price falls in. */
export function priceBandOf(cents: number): number {
  let band = 0;
  while (band + 1 < PRICE_BAND_EDGES.length && cents >= PRICE_BAND_EDGES[band + 1]!) band++;
  return band;
}

/**
 * The bands a price range covers exactly, or null when its ends fall inside a band (then only
 * the products themselves can answer). An open end covers everything on that side.
 */
export function bandsOfRange(priceMin: number | undefined, priceMax: number | undefined): { from: number; to: number | null } | null {
  const from = priceMin === undefined ? 0 : (PRICE_BAND_EDGES as readonly number[]).indexOf(priceMin);
  const upper = priceMax === undefined ? -1 : (PRICE_BAND_EDGES as readonly number[]).indexOf(priceMax + 1);
  if (from < 0 || (priceMax !== undefined && upper < 1)) return null;
  return { from, to: priceMax === undefined ? null : upper - 1 };
}
