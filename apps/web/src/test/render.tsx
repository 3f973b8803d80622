import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** Renders a piece of the web app as the app shell wraps it: Chinese antd, the App context, a fresh query cache without retries. */
export function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}
