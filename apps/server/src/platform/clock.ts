/** Time source; tests pass a controllable one. Epoch milliseconds. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
