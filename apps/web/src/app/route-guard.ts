import { redirect } from 'react-router';
import { getSession } from '../platform/session-store.ts';
import { loginUrlFor } from '../platform/session-end.ts';
import { safeRedirect } from '../platform/redirect.ts';
import { isPublicPath, websiteRoutes } from './route-registry.ts';

/** Loads the session's routes (session runtime chunk), or ends the session: null then. */
export async function loadRoutesOrEnd() {
  const boot = await import('../platform/session-boot.ts');
  return boot.loadRoutesOrEnd(websiteRoutes);
}

/**
 * Where the guard sends a navigation, or null to let it through (spec §2, §4): public pages pass
 * (a signed-in visitor on /login goes on); without a token the visitor goes to /login and comes
 * back after signing in; with a token the routes are generated once per page before anything
 * signed-in renders, and a failure ends on /login.
 */
export async function guardRedirect(url: URL): Promise<string | null> {
  const { token } = getSession();
  if (isPublicPath(url.pathname)) {
    if (url.pathname === '/login' && token) return safeRedirect(url.searchParams.get('redirect')) ?? '/website/home';
    return null;
  }
  if (!token) return loginUrlFor(url.pathname + url.search);
  const routes = await loadRoutesOrEnd();
  // On failure the session has ended; same target as its reload, so the two agree.
  return routes ? null : loginUrlFor(url.pathname + url.search);
}

/**
 * Root middleware: runs before every navigation's loaders, in order, so its redirect wins over
 * the redirects of the index and catch-all routes (loader redirects race; the deepest one wins).
 */
export async function guardMiddleware({ request }: { request: Request }): Promise<void> {
  const to = await guardRedirect(new URL(request.url));
  if (to) throw redirect(to);
}
