import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecureChannelError } from './errors.ts';
import { parseJsonWithLimits, withinJsonLimits } from './json-limits.ts';

/** Reference measurements on a parsed value. */
function measure(v: unknown): { depth: number; maxEntries: number; total: number } {
  if (typeof v !== 'object' || v === null) return { depth: 0, maxEntries: 0, total: 0 };
  const children = Array.isArray(v) ? v : Object.values(v);
  let depth = 0;
  let maxEntries = children.length;
  let total = children.length;
  for (const c of children) {
    const m = measure(c);
    depth = Math.max(depth, m.depth);
    maxEntries = Math.max(maxEntries, m.maxEntries);
    total += m.total;
  }
  return { depth: depth + 1, maxEntries, total };
}

const tricky = fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', 'a', ' ', '\n', 'é');

describe('JSON limits', () => {
  it('the pre-scan agrees with the parsed structure', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5, stringUnit: tricky }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (value, maxJsonDepth, maxJsonEntries, maxJsonTotalEntries, pretty) => {
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          const m = measure(value);
          const expected = m.depth <= maxJsonDepth && m.maxEntries <= maxJsonEntries && m.total <= maxJsonTotalEntries;
          expect(withinJsonLimits(text, { maxJsonDepth, maxJsonEntries, maxJsonTotalEntries })).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('parses within limits and throws the uniform error otherwise', () => {
    const limits = { maxJsonDepth: 2, maxJsonEntries: 3, maxJsonTotalEntries: 5 };
    expect(parseJsonWithLimits('{"a":[1,2,3],"b":"]]]]\\"[[["}', limits)).toEqual({ a: [1, 2, 3], b: ']]]]"[[[' });
    expect(parseJsonWithLimits('"scalar"', limits)).toBe('scalar');
    for (const bad of ['[[[1]]]', '[1,2,3,4]', '{"a":[1,2,3],"b":[1,2]}', '{', '', '{"__proto__":1}', '{"\\u005f_proto__":1}']) {
      expect(() => parseJsonWithLimits(bad, limits), bad).toThrow(SecureChannelError);
    }
    expect(() => parseJsonWithLimits('['.repeat(1e6), { maxJsonDepth: 32, maxJsonEntries: 10, maxJsonTotalEntries: 10 })).toThrow(
      SecureChannelError,
    );
  });
});
