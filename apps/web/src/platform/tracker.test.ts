import { afterEach, describe, expect, it, vi } from 'vitest';

const upload = vi.fn(async (_appKey: string, _events: unknown[]) => true);
vi.mock('./http-client.ts', () => ({ apiClient: { uploadTracking: upload } }));

const { clickLabel, flush, track } = await import('./tracker.ts');

describe('tracker', () => {
  afterEach(() => {
    upload.mockClear();
    vi.useRealTimers();
  });

  it('batches events and uploads them after 10 s', async () => {
    vi.useFakeTimers();
    track({ type: 'pageview', page: '/website/home' });
    track({ type: 'click', page: '/website/home', target: '登录' });
    expect(upload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0][1]).toHaveLength(2);
  });

  it('uploads at once when 20 events are queued, and nothing when empty', async () => {
    for (let i = 0; i < 20; i++) track({ type: 'click', page: '/p', target: `b${i}` });
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await flush();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('labels clicks by the button or link text', () => {
    document.body.innerHTML = '<button><span id="s">保 存</span></button><div id="d">x</div>';
    expect(clickLabel(document.getElementById('s'))).toBe('保 存');
    expect(clickLabel(document.getElementById('d'))).toBeUndefined();
  });
});
