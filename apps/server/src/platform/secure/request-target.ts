import { GATEWAY_PATHS } from '@merchant/contracts';

/**
 * The path-normalisation rule (docs/decisions.md): which area a request belongs to is decided once,
 * on the most permissive reading of its target, and an API request must be written plainly.
 *
 * The router (find-my-way) matches the percent-decoded path and accepts absolute-form targets
 * (`http://host/path`), so any check on the raw URL can be walked around (`/%62en-api/…`). Here the
 * target is folded as far as anything could fold it — absolute form stripped, percent-decoding
 * repeated, `\` read as `/`, `;` parameters, duplicate slashes and dot segments removed, lower
 * case — and if the folded path is under an API prefix, the raw target must be exactly the plain
 * path: origin form, the prefix in its own spelling, only `A–Z a–z 0–9 - . _ ~` between single
 * slashes, no dot segment, no `%`, `;`, `\`, `#`. Anything else is refused before any handler,
 * hook or body parser runs. Web-app paths (the SPA, its files) are not touched: their deep links
 * legitimately carry percent-encoded Chinese.
 */

/** Areas of the site, by path prefix (each matches the prefix itself or the prefix followed by `/`). */
const API_PREFIXES = ['/ben-api', '/uni-api', '/permissionApi', '/track', '/docs', '/pay-api', '/open-api'] as const;
const SECURE_PREFIX = '/ben-api';

export type TargetArea = 'secure' | 'api' | 'web';

export interface RequestTarget {
  /** secure: /ben-api (everything but the handshake goes through the channel); api: other API paths; web: the rest. */
  area: TargetArea;
  /** For api/secure: the target is written plainly (see the rule above); always true for web. */
  plain: boolean;
}

/** Decodes every valid %XX (as bytes → UTF-8, leniently), repeatedly, until nothing changes (at most 8 rounds). */
function decodeFully(text: string): string {
  let current = text;
  for (let i = 0; i < 8 && current.includes('%'); i++) {
    const next = current.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      const bytes = Uint8Array.from(run.slice(1).split('%'), (h) => parseInt(h, 16));
      return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The path as loosely as any reader could take it: lower case, decoded, `;` params, `//`, `.` and `..` gone. */
export function foldPath(rawPath: string): string {
  const decoded = decodeFully(rawPath).replace(/\\/g, '/').toLowerCase();
  const out: string[] = [];
  for (const segment of decoded.split('/')) {
    const name = segment.split(';')[0];
    if (name === '' || name === '.') continue;
    if (name === '..') out.pop();
    else out.push(name);
  }
  return `/${out.join('/')}`;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~.-]+)*\/?$/;

/** The path part of a request target: up to the first `?` (a `#` stays in it, and makes it not plain). */
function pathOf(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

/** Classifies a request target (Fastify: `request.url`, the raw target as received). */
export function classifyTarget(target: string): RequestTarget {
  let rawPath = pathOf(target);
  let originForm = rawPath.startsWith('/') && !rawPath.startsWith('//');
  if (!rawPath.startsWith('/')) {
    // absolute form (`http://host/path`): the router strips scheme and authority, so must we
    originForm = false;
    const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/.exec(rawPath);
    rawPath = authority ? rawPath.slice(authority[0].length) || '/' : `/${rawPath}`;
  }
  const folded = foldPath(rawPath);
  const prefix = API_PREFIXES.find((p) => under(folded, p.toLowerCase()));
  if (!prefix) return { area: 'web', plain: true };
  const area: TargetArea = prefix === SECURE_PREFIX ? 'secure' : 'api';
  const plain =
    originForm &&
    !target.includes('#') &&
    PLAIN_PATH.test(rawPath) &&
    !rawPath.split('/').some((s) => s === '.' || s === '..') &&
    under(rawPath, prefix);
  return { area, plain };
}

/** A /ben-api request that must come through the secure channel (all of them but the handshake). */
export function needsChannel(target: string): boolean {
  return classifyTarget(target).area === 'secure' && pathOf(target) !== GATEWAY_PATHS.handshake;
}

/** Any API request (not the web app or its files). */
export function isApiTarget(target: string): boolean {
  return classifyTarget(target).area !== 'web';
}
