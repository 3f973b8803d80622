import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../platform/route-types.ts';
import { menuTree, node, user } from '../test/fixtures.ts';
import { classifyWebsitePath, fallbackTitle } from './website-fallback.ts';

const page = () => Promise.resolve({ default: () => null });
const registered: AppRoute[] = [
  { path: 'home', name: 'home', title: '首页', anchor: 'home', page },
  { path: 'system/organization-list', name: 'organization-list', title: '组织管理', anchor: 'organization-list', page },
  {
    path: 'system/role-management-add/:type/:id?',
    name: 'role-management-add',
    title: ({ params }) => (params.type === 'edit' ? '编辑角色' : '新增角色'),
    anchor: 'role-management',
    page,
  },
];
const ctx = (routes: AppRoute[] | null) => ({ menuTree, routes, registered, roleNames: ['运营'], user: user() });

describe('a path under /website that no route of the session matches', () => {
  it('a page of the menu that is not built yet is 建设中, with its section', () => {
    const f = classifyWebsitePath('/website/finance/capital-list', ctx([registered[0]]));
    expect(f).toEqual({ kind: 'building', name: '资金账户', trail: ['财务管理'] });
    expect(fallbackTitle(f)).toBe('资金账户');
    // A trailing slash is the same page.
    expect(classifyWebsitePath('/website/finance/capital-list/', ctx([registered[0]])).kind).toBe('building');
  });

  it('a page the app has but this role does not hold is 无权访问 (with its title)', () => {
    const routes = [registered[0]];
    expect(
      classifyWebsitePath('/website/system/organization-list', {
        ...ctx(routes),
        menuTree: [node({ id: 1999, name: '首页', anchor: 'home', routePath: '/website/home' })],
      }),
    ).toEqual({
      kind: 'forbidden',
      title: '组织管理',
    });
    expect(classifyWebsitePath('/website/system/role-management-add/edit/5', ctx(routes))).toEqual({
      kind: 'forbidden',
      title: '编辑角色',
    });
    expect(fallbackTitle({ kind: 'forbidden' })).toBe('无权访问');
  });

  it('anything else is 页面不存在', () => {
    expect(classifyWebsitePath('/website/no/such/page', ctx(registered))).toEqual({ kind: 'missing' });
    expect(classifyWebsitePath('/website/role-management-add/edit/99999', ctx(registered))).toEqual({ kind: 'missing' });
    expect(fallbackTitle({ kind: 'missing' })).toBe('页面不存在');
  });
});
