/**
 * Toasts from outside React (the http client, the route guard). The app shell registers antd's
 * context-aware `message` API; until then (or in a crashed shell) antd is loaded on demand, so
 * the entry chunk never carries antd.
 */
export type NotifyLevel = 'warning' | 'error' | 'success' | 'info';
export type Notifier = (level: NotifyLevel, text: string) => void;

let notifier: Notifier | null = null;

export function setNotifier(n: Notifier | null): void {
  notifier = n;
}

export function notify(level: NotifyLevel, text: string): void {
  if (notifier) {
    notifier(level, text);
    return;
  }
  void import('antd')
    .then(({ message }) => message[level](text))
    .catch(() => {
      // last resort when even antd cannot load (offline)
      console.warn(text);
    });
}

export const warn = (text: string): void => notify('warning', text);

/** A one-shot notice carried across the full reload to /login (e.g. "登录状态已过期"). */
const NOTICE_KEY = 'loginNotice';
export function setLoginNotice(text: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, text);
  } catch {
    // ignore
  }
}
/** The notice stays until the next sign-in (the login page may render twice on the way there). */
export function peekLoginNotice(): string | null {
  try {
    return sessionStorage.getItem(NOTICE_KEY);
  } catch {
    return null;
  }
}
export function clearLoginNotice(): void {
  try {
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // ignore
  }
}
