import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { STORAGE_KEYS } from '@merchant/contracts';
import { ChannelPicker } from './channel-picker.tsx';
import { sessionStore, reloadSessionFromStorage } from '../../platform/session-store.ts';
import { browser, setNavigator } from '../../platform/browser.ts';
import { user } from '../../test/fixtures.ts';

const selectList = [
  { code: 'C1', name: '美团外卖' },
  { code: 'C2', name: '饿了么' },
  { code: 'C3', name: '抖音团购' },
];

function renderPicker() {
  return render(
    <App>
      <ChannelPicker />
    </App>,
  );
}

let navigated: string[];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  navigated = [];
  setNavigator((to) => navigated.push(to));
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  reloadSessionFromStorage();
  sessionStore.setState({ channels: { haveFlag: true, selectList, siteList: [{ code: 'S1', name: '一号站点' }] }, userInfo: user() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ChannelPicker', () => {
  it('mode 1: channels, all chosen by default, select all toggles with its label', async () => {
    renderPicker();
    const trigger = screen.getByTestId('channel-picker');
    expect(trigger.textContent).toContain('渠道：全部渠道');
    fireEvent.click(trigger);
    const toggle = await screen.findByRole('button', { name: '取消全选' });
    expect(screen.getByText('选择渠道（3/3）')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: '全选' })).toBeTruthy();
    expect(screen.getByText('选择渠道（0/3）')).toBeTruthy();
  });

  it('an identical choice just closes; a changed one is stored, goes to / and reloads after 300 ms', async () => {
    renderPicker();
    fireEvent.click(screen.getByTestId('channel-picker'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(navigated).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.channelName)).toBeNull();

    fireEvent.click(screen.getByTestId('channel-picker'));
    fireEvent.click(await screen.findByText('饿了么'));
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.channelName)!)).toEqual([
      { code: 'C1', name: '美团外卖' },
      { code: 'C3', name: '抖音团购' },
    ]);
    expect(navigated).toEqual(['/']);
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('mode 2: a site user gets the site picker; no flag, no picker', () => {
    sessionStore.setState({ userInfo: user({ ability: { useSite: true } }) });
    const { unmount } = renderPicker();
    expect(screen.getByTestId('channel-picker').textContent).toContain('站点：全部站点');
    unmount();
    sessionStore.setState({ channels: { haveFlag: false, selectList, siteList: [] } });
    renderPicker();
    expect(screen.queryByTestId('channel-picker')).toBeNull();
  });

  it('popover sizes follow spec §9', async () => {
    renderPicker();
    fireEvent.click(screen.getByTestId('channel-picker'));
    const panel = await screen.findByTestId('channel-picker-panel');
    expect(panel.style.width).toBe('176px');
    // the popover box is the list plus its own 2 + 2 px padding: 132 px for up to four options
    expect((panel.querySelector('.picker-list') as HTMLElement).style.height).toBe('128px');
    expect((panel.closest('.ant-popover-container') as HTMLElement).style.padding).toBe('2px 0px');
    expect((panel.querySelector('.picker-row') as HTMLElement).style.height).toBe('32px');
  });
});
