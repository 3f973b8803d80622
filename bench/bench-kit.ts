// Shared by the benches: timing helpers only (each bench seeds and reports its own numbers).

/**
 * Medians of interleaved runs: every case once to warm up, then `rounds` rounds that run each case in turn, so a noisy
 * moment of a shared machine lands on every case alike. Milliseconds per case.
 */
export async function medians<K extends string>(cases: Record<K, () => Promise<unknown>>, rounds: number): Promise<Record<K, number>> {
  const names = Object.keys(cases) as K[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (const n of names) await cases[n]();
  for (let i = 0; i < rounds; i++) {
    for (const n of names) {
      const t = performance.now();
      await cases[n]();
      times[n].push(performance.now() - t);
    }
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Object.fromEntries(names.map((n) => [n, mid(times[n])])) as Record<K, number>;
}
