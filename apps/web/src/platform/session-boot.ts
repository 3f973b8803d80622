import { ensureSessionRoutes } from './session-load.ts';
import { endSession } from './session-end.ts';
import { notify } from './notify.ts';
import { wasNotified } from './error-catalogue.ts';
import type { AppRoute } from './route-types.ts';
import { pageIsLeaving } from './browser.ts';

/**
 * Spec §4 failure of route generation: the user is logged out, the error is shown (or
 * 'Has Error') and the browser goes to /login.
 */
export function failNavigation(err: unknown): void {
  // Requests cancelled because the page is being left (a reload mid-start) are no failure of the session.
  if (pageIsLeaving()) return;
  const text = err instanceof Error && err.message ? err.message : 'Has Error';
  if (!wasNotified(err)) notify('error', text);
  endSession(text);
}

/**
 * The session runtime, loaded on the first signed-in navigation (its own chunk: the http client,
 * the secure channel and the session calls stay out of the entry chunk). Resolves to the
 * generated routes, or to null after ending the session.
 */
export async function loadRoutesOrEnd(registered: AppRoute[]): Promise<AppRoute[] | null> {
  try {
    return await ensureSessionRoutes(registered);
  } catch (err) {
    failNavigation(err);
    return null;
  }
}
