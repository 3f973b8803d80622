import { useMatches } from 'react-router';
import { resolveTitle, type RouteHandle } from '../platform/route-types.ts';

/** The page's title: the deepest matched route title (spec §2, with the spec's title rules). */
export function usePageTitle(): string | undefined {
  return pageTitleOf(useMatches(), window.location.search);
}

/** The title of the deepest matched route that has one (also read outside React, from the router's state). */
export function pageTitleOf(
  matches: readonly { handle?: unknown; params: Readonly<Record<string, string | undefined>> }[],
  search: string,
): string | undefined {
  const last = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const handle = last?.handle as RouteHandle | undefined;
  return handle ? resolveTitle(handle.title, { params: last?.params ?? {}, search: new URLSearchParams(search) }) : undefined;
}
