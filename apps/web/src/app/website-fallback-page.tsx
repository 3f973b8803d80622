import { useLocation } from 'react-router';
import { useSession } from '../platform/session-store.ts';
import { BuildingResult, ForbiddenResult, NotFoundResult } from '../shared/ui/page-result.tsx';
import { websiteRoutes } from './route-registry.ts';
import { classifyWebsitePath } from './website-fallback.ts';

/** A path under /website that no route of this session matches: 建设中, 无权访问 or 页面不存在. */
export function WebsiteFallbackPage() {
  const { pathname } = useLocation();
  const menuTree = useSession((s) => s.menuTree);
  const routes = useSession((s) => s.routes);
  const roleNames = useSession((s) => s.currentRoleName);
  const user = useSession((s) => s.userInfo);
  const f = classifyWebsitePath(pathname, { menuTree, routes, registered: websiteRoutes, roleNames, user });
  if (f.kind === 'building') {
    const where = [...f.trail, f.name].join(' / ');
    return <BuildingResult title="页面建设中" subTitle={`「${where}」正在建设中，暂不可用，敬请期待`} />;
  }
  if (f.kind === 'forbidden') {
    return <ForbiddenResult subTitle={`当前角色没有${f.title ? `「${f.title}」` : '该页面'}的权限，可切换角色或联系管理员授权`} />;
  }
  return <NotFoundResult />;
}
