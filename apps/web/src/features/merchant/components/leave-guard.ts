import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

/** Asks before leaving a form with unsaved changes (DESIGN §8): in-app navigation and closing the tab. */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: '离开此页面？',
      content: '表单中有尚未保存的修改，离开后将丢失。',
      okText: '离开',
      cancelText: '留在此页',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
