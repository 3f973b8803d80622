import { cleanup, configure, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { SUBLEDGER_PATH } from '../settlement-paths.ts';

// The scaffolding of the settlement list pages' tests (收入明细, 项目账单). Only imported by *.test.tsx files, which mock
// platform/call.ts themselves (vi.mock belongs in the test file): `listLoader: () => loader`.

// a busy machine takes longer than the default second between a click and the request
configure({ asyncUtilTimeout: 5_000 });

/**
 * The list loader a page's test hands it, answering `rows` (one page of them); after each test the page is unmounted,
 * the loader's calls forgotten and the tab's kept lists dropped.
 */
export function pageLoader<T>(rows: T[]) {
  const loader = vi.fn((_p: Record<string, unknown>) => Promise.resolve({ list: rows, total: rows.length, pageNum: 1, pageSize: 10 }));
  afterEach(() => {
    cleanup();
    loader.mockClear();
    sessionStorage.clear();
  });
  return loader;
}

/** Mounts a page at its path `path` (opened at `at`), beside a stand-in 分账明细 its links lead to; returns the router. */
export const mountPage = (path: string, page: ReactNode, at = path) =>
  renderRoutes(
    [
      { path, element: page },
      { path: SUBLEDGER_PATH, element: <p>分账明细页</p> },
    ],
    at,
  );

/** A column's header cell (its sorter sits in it). */
export const headerOf = (title: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.trim() === title)!;
/** The table row a text stands in. */
export const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
