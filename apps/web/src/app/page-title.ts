import { useMatches } from 'react-router';
import { resolveTitle, type RouteHandle } from '../platform/route-types.ts';

/** The page's title: the deepest matched route title (spec §2, with the spec's title rules). */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  const last = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const handle = last?.handle as RouteHandle | undefined;
  return handle
    ? resolveTitle(handle.title, { params: last?.params ?? {}, search: new URLSearchParams(window.location.search) })
    : undefined;
}
