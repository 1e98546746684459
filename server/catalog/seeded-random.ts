/**
 * A small seeded pseudo-random source (mulberry32) with the distributions the synthetic catalog needs.
 * Determinism matters more than quality here: the same seed must give byte-identical catalogs on every machine,
 * which `Math.random` cannot promise.
 */

export class SeededRandom {
  #state: number;

  /** @param seed any integer; two generators with the same seed produce the same sequence. */
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A normal deviate (Box-Muller), standard unless a mean and deviation are given. */
  normal(mean = 0, deviation = 1): number {
    const u = 1 - this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
  }

  /** A log-normal deviate: `exp(mu + sigma * N(0,1))`; prices and sales counts look like this. */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  /** A fresh generator seeded from this one, so that one stream's length does not shift another's values. */
  fork(): SeededRandom {
    return new SeededRandom(Math.floor(this.next() * 4294967296));
  }
}

/**
 * Draws indices 0..n-1 with probability proportional to 1/(rank+1)^exponent: a few brands or categories are
 * common, most are rare, as in real shops.
 */
export class ZipfSampler {
  readonly #cumulative: Float64Array;

  constructor(count: number, exponent = 1) {
    this.#cumulative = new Float64Array(count);
    let total = 0;
    for (let rank = 0; rank < count; rank++) {
      total += 1 / (rank + 1) ** exponent;
      this.#cumulative[rank] = total;
    }
    for (let rank = 0; rank < count; rank++) this.#cumulative[rank]! /= total;
  }

  sample(random: SeededRandom): number {
    const target = random.next();
    let low = 0;
    let high = this.#cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
