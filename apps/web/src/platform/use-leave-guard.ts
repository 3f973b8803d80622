import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { getSession } from './session-store.ts';

/**
 * Guard against leaving a dirty form (DESIGN §8): in-app navigation asks first, closing or
 * reloading the tab gets the browser's own prompt. `allowLeave()` lets the next navigation
 * through (after a successful save). A session that ended (token gone) is never held back.
 */
export function useLeaveGuard(dirty: boolean): { allowLeave: () => void } {
  const { modal } = App.useApp();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && !!getSession().token && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: '离开当前页面？',
      content: '页面上有尚未保存的修改，离开后这些修改将丢失。',
      okText: '离开',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current || !getSession().token) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { allowLeave };
}
