import { describe, expect, it } from 'vitest';
import { selectedMenuKey } from './menu.ts';

describe('selectedMenuKey', () => {
  const held = (paths: string[]) => (p: string) => paths.includes(p);
  const LISTS = [
    '/website/finance/capital-list',
    '/website/finance/capital-list-supplier',
    '/website/finance/capital-list-supplier-smart-container',
  ];

  it('a page without activeMenu highlights itself; one activeMenu is taken as it is', () => {
    expect(selectedMenuKey(undefined, '/website/home', held([]))).toBe('/website/home');
    expect(selectedMenuKey('/website/a', '/website/a/1', held([]))).toBe('/website/a');
  });

  it('a detail shared by several lists highlights the first list the role holds', () => {
    expect(selectedMenuKey(LISTS, '/website/finance/capital-detail/FP1', held(LISTS))).toBe(LISTS[0]);
    expect(selectedMenuKey(LISTS, '/website/finance/capital-detail/FP1', held([LISTS[1]]))).toBe(LISTS[1]);
    expect(selectedMenuKey(LISTS, '/website/finance/capital-detail/FP1', held([LISTS[2]]))).toBe(LISTS[2]);
    // none held (the menu not loaded yet): the first
    expect(selectedMenuKey(LISTS, '/website/finance/capital-detail/FP1', held([]))).toBe(LISTS[0]);
  });
});
