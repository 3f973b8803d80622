import { APP_KEYS } from '@merchant/contracts';
import type { TrackingEvent } from '@merchant/contracts/tracking/tracking';

/**
 * Page views and clicks, batched and uploaded to /track/tracking/batch/upload (spec §7), signed with
 * the secure channel's key. The client is loaded lazily so tracking adds nothing to the entry chunk.
 */
const MAX_BATCH = 20;
const FLUSH_AFTER_MS = 10_000;
const queue: TrackingEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function track(event: Omit<TrackingEvent, 'at'>): void {
  queue.push({ ...event, page: event.page.slice(0, 255), target: event.target?.slice(0, 255), at: Date.now() });
  if (queue.length >= MAX_BATCH) void flush();
  else timer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS);
}

export async function flush(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const batch = queue.splice(0, 200);
  try {
    const { apiClient } = await import('./http-client.ts');
    await apiClient.uploadTracking(APP_KEYS.permission, batch);
  } catch {
    // Tracking never disturbs the user: a failed batch is dropped.
  }
}

/** A short label for what was clicked: a button's or link's text, else its aria-label. */
export function clickLabel(el: Element | null): string | undefined {
  const target = el?.closest('button, a, [role="menuitem"], [role="tab"]');
  if (!target) return undefined;
  const text = (target.getAttribute('aria-label') || target.textContent || '').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 50) : undefined;
}

export function installTracker(): void {
  document.addEventListener(
    'click',
    (e) => {
      const label = clickLabel(e.target instanceof Element ? e.target : null);
      if (label) track({ type: 'click', page: location.pathname, target: label });
    },
    { capture: true, passive: true },
  );
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
}
