import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVOKE_AFTER_MS, saveFile } from './save-file.ts';

describe('saveFile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a hidden <a download> on an object URL, removes it, revokes the URL later', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:test/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(document.body.contains(this)).toBe(true);
    });
    const blob = new Blob(['PK']);
    saveFile({ blob, fileName: '账号列表_20260101.xlsx' });
    expect(create).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalledOnce();
    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined;
    expect(clicked?.download).toBe('账号列表_20260101.xlsx');
    expect(clicked?.getAttribute('href')).toBe('blob:test/1');
    expect(document.body.contains(clicked!)).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
