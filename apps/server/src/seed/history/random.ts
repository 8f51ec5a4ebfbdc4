/** A seeded random source (mulberry32): the same history for the same seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}
export type Random = ReturnType<typeof random>;

/**
 * A random basket of `pool`: up to `most` draws of 1 to `most` units each, a draw kept only while the
 * warehouse holds it all (`inStock`), as the till's precheck refuses more than there is.
 */
export function basket<G>(rnd: Random, pool: readonly G[], most: number, inStock: (g: G) => number): { g: G; quantity: number }[] {
  const wanted = new Map<G, number>();
  for (let n = rnd.int(1, most); n > 0; n -= 1) {
    const g = rnd.pick(pool);
    const quantity = (wanted.get(g) ?? 0) + rnd.int(1, most);
    if (quantity <= inStock(g)) wanted.set(g, quantity);
  }
  return [...wanted].map(([g, quantity]) => ({ g, quantity }));
}
