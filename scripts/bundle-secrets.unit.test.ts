import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` builds the web app before vitest runs; this reads what a browser would download.
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('built web bundle', () => {
  it('exists (npm test builds it first)', () => {
    expect(fs.existsSync(path.join(dist, 'index.html'))).toBe(true);
  });

  it('carries no key material and no server secrets; the channel key is agreed at run time', () => {
    const text = files(dist)
      .filter((f) => /\.(js|css|html|json|map)$/.test(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toMatch(/sc1:[A-Za-z0-9_-]{40,}/); // exported channel keys
    expect(text).not.toMatch(/-----BEGIN [A-Z ]*(PRIVATE|SECRET)[A-Z ]*KEY-----/);
    expect(text).not.toMatch(/\b(secret|privateKey|apiKey|appSecret)\s*[:=]\s*["'`][A-Za-z0-9+/=_-]{16,}["'`]/i);
    for (const serverOnly of ['password_hash', 'argon2', 'DEMO_PASSWORD', 'TEST_DATABASE_URL', 'SMS_WEBHOOK_TOKEN']) {
      expect(text).not.toContain(serverOnly);
    }
    // the browser agrees its key with the server (ECDH P-256) instead of shipping one
    expect(text).toContain('P-256');
    expect(text).toContain('ECDH');
  });
});
