import { clearSession } from './session-store.ts';
import { browser } from './browser.ts';
import { setLoginNotice } from './notify.ts';

let ending = false;

/** Where to send the user after login so they come back to the page they were on. */
export function loginUrlFor(currentPath: string): string {
  if (!currentPath.startsWith('/website')) return '/login';
  return `/login?redirect=${encodeURIComponent(currentPath)}`;
}

/**
 * Ends the session without asking (spec §4 "certain error codes", §8 log-out codes, failed
 * route generation): clears token, user info, role info and home info, and reloads onto /login
 * so no route generated for this account survives. The reason is shown again on the login page.
 */
export function endSession(reason?: string): void {
  if (ending) return;
  ending = true;
  clearSession();
  if (reason) setLoginNotice(reason);
  const here = window.location.pathname + window.location.search;
  browser.replace(loginUrlFor(here));
}

/** Tests only. */
export function resetEndSessionForTests(): void {
  ending = false;
}
