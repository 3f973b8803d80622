import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-chunk.ts';

/**
 * Root error boundary. It must not depend on antd: it is also what shows when a chunk
 * (antd included) fails to load, with a clear retry.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk ? '页面加载失败' : '页面出错了';
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Has Error';
  return (
    <div className="boot-screen" role="alert">
      <div className="boot-card">
        <div className="boot-title">{title}</div>
        <p className="boot-text">{detail}</p>
        <div className="boot-actions">
          <button type="button" className="boot-button primary" onClick={() => window.location.reload()}>
            重试
          </button>
          <a className="boot-button" href="/website/home">
            返回首页
          </a>
        </div>
      </div>
    </div>
  );
}

/** Shown while the first navigation resolves (session resources, lazy chunks). */
export function BootSplash() {
  return (
    <div className="boot-screen" aria-busy="true">
      <div className="boot-card">
        <div className="boot-spinner" />
        <div className="boot-text">商户管理系统 加载中…</div>
      </div>
    </div>
  );
}
