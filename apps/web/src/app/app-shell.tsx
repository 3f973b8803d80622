import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNotifier } from '../platform/notify.ts';
import { usePageTitle } from './page-title.ts';
import { queryClient } from './query-client.ts';

dayjs.locale('zh-cn');

export const APP_TITLE = '商户管理系统';

/** Registers antd's context-aware message API for toasts raised outside React. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    // One key per text: the same warning from parallel requests shows once.
    setNotifier((level, text) => void message.open({ type: level, content: text, key: `${level}:${text}` }));
    return () => setNotifier(null);
  }, [message]);
  return null;
}

/** Page title from the deepest matched route title (spec §2). */
function DocumentTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
  return null;
}

export function AppShell() {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 }, components: { Layout: { headerHeight: 56 } } }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <NotifierBridge />
          <DocumentTitle />
          <Outlet />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
