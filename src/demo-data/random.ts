/**
 * mulberry32: a tiny seeded PRNG. Math.random is not seedable, and the demo data must be the
 * same on every run and machine, so everything random in the seed comes from here.
 */
function mulberry32(seed: number): () => number {
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
