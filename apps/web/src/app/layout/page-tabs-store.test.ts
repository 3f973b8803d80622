import { afterEach, describe, expect, it } from 'vitest';
import { readTabState, writeTabState } from '../../platform/tab-state.ts';
import { dropRight, forgetTab, keepOnly, pageTabsStore, rememberTab } from './page-tabs-store.ts';
import { HOME_PATH } from './page-tabs-model.ts';

const A = '/website/a';
const B = '/website/b?x=1';
const C = '/website/c';

describe('page tabs store: closing a tab forgets what its page kept', () => {
  afterEach(() => {
    keepOnly(HOME_PATH);
    sessionStorage.clear();
  });

  it('close, close others and close to the right drop the closed tabs’ state and scroll', () => {
    for (const path of [A, B, C]) {
      rememberTab({ path, title: path });
      writeTabState(path, 'list:x', { pageNum: 2 });
    }
    expect(pageTabsStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, A, B, C]);

    forgetTab(B, A);
    expect(readTabState(B, 'list:x')).toBeNull();
    expect(readTabState(A, 'list:x')).toEqual({ pageNum: 2 });

    dropRight(A);
    expect(readTabState(C, 'list:x')).toBeNull();
    expect(readTabState(A, 'list:x')).toEqual({ pageNum: 2 });

    keepOnly(HOME_PATH);
    expect(readTabState(A, 'list:x')).toBeNull();
  });
});
