import type { AppRoute } from '../platform/route-types.ts';

/**
 * Routes are discovered, not listed by hand (DESIGN §1): every `features/<area>/routes.ts`
 * exports `routes`. The tables are tiny; their pages stay lazy.
 */
const modules = import.meta.glob<{ routes: AppRoute[] }>('../features/*/routes.ts', { eager: true });

export const registeredRoutes: AppRoute[] = Object.keys(modules)
  .sort()
  .flatMap((k) => modules[k].routes);

export const publicRoutes = registeredRoutes.filter((r) => r.public);
export const websiteRoutes = registeredRoutes.filter((r) => !r.public);

const publicPaths = new Set(publicRoutes.map((r) => r.path));

export function isPublicPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPaths.has(p);
}
