import { CODES, type Envelope } from '@merchant/contracts';
import { expect } from 'vitest';

/** An envelope as the test client returns it (with the HTTP status). */
export type RaceAnswer = Envelope<unknown> & { status: number };

/**
 * Fires `n` identical calls at once and returns every answer, in call order.
 *
 * The calls go through the real client (secure channel, gateway, handler) like any API test, so a
 * check-then-insert rule meets real interleaving: on PostgreSQL the requests run on separate pooled
 * connections; on SQLite they interleave at every await between the check and the write. Start all
 * calls before awaiting any of them; do not warm up with a call that has side effects.
 */
export async function race(n: number, call: (i: number) => Promise<RaceAnswer>): Promise<RaceAnswer[]> {
  const calls: Promise<RaceAnswer>[] = [];
  for (let i = 0; i < n; i++) calls.push(call(i));
  return Promise.all(calls);
}

/** How many answers carried each `code msg` (one line per distinct answer), for readable failures. */
export function tally(answers: RaceAnswer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status} ${a.code} ${a.msg}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/**
 * The answers of a uniqueness / one-at-a-time race: exactly `winners` (default 1) succeeded (`okCode`), every
 * other caller got `refusal` (code, HTTP status and the clear message), and nothing answered 500.
 * Returns the successful answers. Assert the row count afterwards in the test itself.
 */
export function expectWinners(
  answers: RaceAnswer[],
  refusal: { code: string; msg: string | RegExp; status?: number },
  { winners = 1, okCode = CODES.ok as string }: { winners?: number; okCode?: string } = {},
): RaceAnswer[] {
  const summary = tally(answers);
  expect(answers.filter((a) => a.status >= 500 || a.code === CODES.serverError).length, `no 500: ${JSON.stringify(summary)}`).toBe(0);
  const ok = answers.filter((a) => a.code === okCode);
  expect(ok.length, `successes: ${JSON.stringify(summary)}`).toBe(winners);
  const status = refusal.status ?? 409;
  for (const a of answers.filter((x) => x.code !== okCode)) {
    expect({ status: a.status, code: a.code }, JSON.stringify(summary)).toEqual({ status, code: refusal.code });
    if (typeof refusal.msg === 'string') expect(a.msg).toBe(refusal.msg);
    else expect(a.msg).toMatch(refusal.msg);
  }
  return ok;
}
