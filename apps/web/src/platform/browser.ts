import { RELOAD_DELAY_MS } from '@merchant/contracts';

/**
 * Full-page navigation, behind one object so tests can observe it (jsdom cannot navigate).
 * Client-side navigation goes through the router; these are the spec's "full reload" steps.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
  reload(): void {
    window.location.reload();
  },
  later(fn: () => void, ms: number): void {
    setTimeout(fn, ms);
  },
};

/** Client-side navigation registered by the router (the platform never imports the app). */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigator: Navigate = (to, opts) => (opts?.replace ? browser.replace(to) : browser.assign(to));
export function setNavigator(fn: Navigate): void {
  navigator = fn;
}
export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}

/** §4 role and channel changes: go to /, then reload after 300 ms. */
export function goRootThenReload(): void {
  navigateTo('/');
  browser.later(() => browser.reload(), RELOAD_DELAY_MS);
}

/**
 * Whether the page is being left (a reload, an address typed, a link to another document): the browser then
 * cancels the requests in flight, and their failure is not the user's session failing. Set when the browser
 * announces the leave; cleared again if the page is still here a moment later (a leave that was cancelled).
 */
let leaving = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    leaving = true;
    setTimeout(() => {
      leaving = false;
    }, 3000);
  };
  window.addEventListener('beforeunload', mark);
  window.addEventListener('pagehide', mark);
}
export const pageIsLeaving = (): boolean => leaving;
