/** A seeded source of randomness, so the demo world and the scale seed are the same on every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A string of n decimal digits (leading zeros allowed). */
  digits(n: number): string;
  /** A version-4-shaped UUID drawn from this generator (deterministic, unlike crypto.randomUUID). */
  uuid(): string;
}

/**
 * mulberry32: a 32-bit PRNG in five lines, good enough for made-up data and fast (the scale seed draws
 * millions of numbers). Not for anything secret.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    digits: (n) => {
      let out = '';
      for (let i = 0; i < n; i++) out += String(int(0, 9));
      return out;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

const DAY_MS = 86_400_000;

/** The instant `days` (fractional allowed) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The instant `days` after `from`. */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** A money amount rounded to cents. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}
