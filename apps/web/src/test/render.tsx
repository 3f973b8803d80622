import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

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

/**
 * Renders routes as renderWithApp does, in a memory router at `at` (default '/'); returns the router to check where the
 * page went.
 */
export function renderRoutes(routes: RouteObject[], at = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  renderWithApp(<RouterProvider router={router} />);
  return router;
}
