/** Time source; tests pass a controllable one. Epoch milliseconds. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/**
 * The wall clock plus an offset that only grows: the e2e server's test clock (TEST_CLOCK_TOKEN, docs/operations.md),
 * so a journey can schedule something far ahead and move time to it instead of waiting. Never moved backwards:
 * everything stamped after an advance (sessions, heartbeats, ledgers) stays in order.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  /** Moves time forward by `ms` (≥ 0); returns the new now. */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('a test clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
  get offset(): number {
    return this.offsetMs;
  }
}
