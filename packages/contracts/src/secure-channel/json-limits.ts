/**
 * JSON parsing with structural limits, checked by a linear pre-scan before JSON.parse so a hostile
 * document can neither blow the stack nor allocate millions of nodes.
 */
import { refuse } from './errors.ts';

export interface JsonLimits {
  /** Deepest nesting; the top-level object/array is depth 1. */
  maxJsonDepth: number;
  /** Most keys in one object / items in one array. */
  maxJsonEntries: number;
  /** Most keys + items in the whole document. */
  maxJsonTotalEntries: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_OBJ = 123;
const CLOSE_OBJ = 125;
const OPEN_ARR = 91;
const CLOSE_ARR = 93;

/**
 * Returns false when `text` exceeds a limit. Only counts; syntax is left to JSON.parse (on invalid
 * JSON the counts may be off, which can only make it refuse earlier).
 */
export function withinJsonLimits(text: string, limits: JsonLimits): boolean {
  const { maxJsonDepth, maxJsonEntries, maxJsonTotalEntries } = limits;
  const entries = new Int32Array(maxJsonDepth + 2);
  let depth = 0;
  let total = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === COLON) continue;
    if (c === CLOSE_OBJ || c === CLOSE_ARR) {
      if (depth > 0) depth--;
      continue;
    }
    if (c === COMMA) {
      if (depth > 0) {
        if (++entries[depth] > maxJsonEntries) return false;
        if (++total > maxJsonTotalEntries) return false;
      }
      continue;
    }
    // Start of a value or key: the first one in a container opens its first entry.
    if (depth > 0 && entries[depth] === 0) {
      entries[depth] = 1;
      if (entries[depth] > maxJsonEntries) return false;
      if (++total > maxJsonTotalEntries) return false;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJ || c === OPEN_ARR) {
      if (++depth > maxJsonDepth) return false;
      entries[depth] = 0;
    }
  }
  return true;
}

function noProto(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('__proto__ key');
  return value;
}

/**
 * Parses `text` as JSON within `limits`; throws SecureChannelError('limits') if a limit is exceeded
 * or the text is not valid JSON. Objects with a `__proto__` key are refused too.
 */
export function parseJsonWithLimits(text: string, limits: JsonLimits): unknown {
  if (!withinJsonLimits(text, limits)) refuse('limits');
  try {
    // The reviver (slower) only runs when a `__proto__` key could be present, escaped or not.
    return text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, noProto) : JSON.parse(text);
  } catch (err) {
    return refuse('limits', err);
  }
}
