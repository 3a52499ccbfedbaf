/**
 * mulberry32: a tiny seeded PRNG. Math.random is not seedable, and the demo data must be the
 * same on every run and machine, so everything random in the seed comes from here.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Up to n distinct items, in their original order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const indices = items.map((_, i) => i);
    for (let i = indices.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
    }
    return indices
      .slice(0, n)
      .sort((a, b) => a - b)
      .map((i) => items[i] as T);
  }
}

/** Picks items by weight in O(log n); built once, used many times. */
export class WeightedPicker<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    let sum = 0;
    for (const item of items) {
      sum += Math.max(0, weight(item));
      this.cumulative.push(sum);
    }
    if (sum <= 0) throw new Error("WeightedPicker needs a positive total weight");
    this.total = sum;
  }

  pick(random: Random): T {
    const target = random.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
