import { describe, expect, it } from 'vitest';
import { MENU_IDS, EXPORT_FILE_ROUTE } from '@merchant/contracts';
import { allowedByRoles, collectAnchors, generateRoutes, hasAnchor, isAdmin, isCabinetOwnerRole, isContainerOwner } from './permission.ts';
import { buildMenu, menuPages, openKeysFor, withClientSections, type MenuEntry } from './menu.ts';
import type { AppRoute } from './route-types.ts';
import { menuTree, user } from '../test/fixtures.ts';

const page = () => Promise.resolve({ default: () => null });
const registered: AppRoute[] = [
  { path: 'home', name: 'home', anchor: 'home', page },
  { path: 'system/organization-list', name: 'organization-list', anchor: 'organization-list', page },
  { path: 'finance/capital-list', name: 'capital-list', anchor: 'capital-list', page },
  { path: 'finance/device-income', name: 'finance-device-income', anchor: 'finance-device-income', page },
  { path: 'finance/container-subledger', name: 'finance-container-subledger', anchor: 'finance-container-subledger', page },
  { path: 'point-busi/point-manage', name: 'back-point-management', anchor: 'point-manage', page },
  { path: 'stock/secret', name: 'stock-secret', anchor: 'not-granted', page },
  { path: 'system/audit', name: 'audit', anchor: 'organization-add', roles: ['审计员'], page },
];
const paths = (routes: AppRoute[]) => routes.map((r) => r.name);
const names = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.name, ...names(e.children ?? [])]);

describe('resource tree helpers (spec §6)', () => {
  it('collects anchors and anchorLists, hidden nodes included', () => {
    const a = collectAnchors(menuTree);
    expect(a.has('organization-add')).toBe(true);
    expect(a.has('hidden-page')).toBe(true);
    expect(hasAnchor(menuTree, 'capital-list')).toBe(true);
    expect(hasAnchor(a, 'nope')).toBe(false);
  });
  it('role predicates', () => {
    expect(isCabinetOwnerRole(['柜主'])).toBe(true);
    expect(isCabinetOwnerRole(['运营'])).toBe(false);
    expect(isAdmin(['运营', '管理员'])).toBe(true);
    expect(isAdmin(['admin'])).toBe(true);
    expect(isContainerOwner(user({ merchantAccountType: 1 }, 'A1001002'))).toBe(true);
    expect(isContainerOwner(user({ merchantAccountType: 1 }, 'A1001005'))).toBe(false);
    expect(isContainerOwner(user({ merchantAccountType: 0 }, 'A1001002'))).toBe(false);
    expect(isContainerOwner(null)).toBe(false);
  });
  it('routes with roles are filtered unless the role list includes admin', () => {
    expect(allowedByRoles({ roles: ['审计员'] }, ['运营'])).toBe(false);
    expect(allowedByRoles({ roles: ['审计员'] }, ['审计员'])).toBe(true);
    expect(allowedByRoles({ roles: ['审计员'] }, ['管理员'])).toBe(true);
    expect(allowedByRoles({}, [])).toBe(true);
  });
});

describe('generateRoutes (spec §4, §6)', () => {
  const anchors = collectAnchors(menuTree);
  it('keeps granted routes, drops ungranted ones and role-restricted ones', () => {
    const r = generateRoutes(registered, { anchors, roleNames: ['运营'], user: user() });
    expect(paths(r)).toEqual([
      'home',
      'organization-list',
      'capital-list',
      'finance-device-income',
      'finance-container-subledger',
      'back-point-management',
    ]);
    const admin = generateRoutes(registered, { anchors, roleNames: ['管理员'], user: user() });
    expect(paths(admin)).toContain('audit');
  });
  it('cabinet owner role loses the income detail; container owner loses the subledger; site users lose back-point-management', () => {
    expect(paths(generateRoutes(registered, { anchors, roleNames: ['柜主'], user: user() }))).not.toContain('finance-device-income');
    expect(
      paths(generateRoutes(registered, { anchors, roleNames: ['运营'], user: user({ merchantAccountType: 1 }, 'A1001002') })),
    ).not.toContain('finance-container-subledger');
    expect(paths(generateRoutes(registered, { anchors, roleNames: ['运营'], user: user({ ability: { useSite: true } }) }))).not.toContain(
      'back-point-management',
    );
  });
  it('home is always allowed; sections without allowed children disappear', () => {
    const sectioned: AppRoute[] = [
      { path: 'x', name: 'section', cannotClick: true, children: [{ path: 'a', name: 'a', anchor: 'not-granted', page }] },
      { path: 'home', name: 'home', anchor: 'home', page },
    ];
    expect(paths(generateRoutes(sectioned, { anchors: new Set(), roleNames: [], user: null }))).toEqual(['home']);
  });
});

describe('buildMenu (spec §2, §6)', () => {
  const registeredPaths = new Map([
    ['home', '/website/home'],
    ['capital-list', '/website/finance/capital-list'],
  ]);
  it('skips hidden items, sorts, keeps folders as folders, adds the file section (4000/4001)', () => {
    const m = buildMenu(menuTree, registeredPaths, { roleNames: ['管理员'], user: user() });
    expect(m.map((e) => e.name)).toEqual(['首页', '财务管理', '用户管理', '积分管理', '文件管理']);
    expect(names(m)).not.toContain('隐藏页');
    const file = m.find((e) => e.id === MENU_IDS.fileSection);
    expect(file?.kind).toBe('folder');
    expect(file?.children?.[0]).toMatchObject({ id: MENU_IDS.exportFile, path: EXPORT_FILE_ROUTE, name: '导出文件' });
    expect(m.find((e) => e.id === 106)?.kind).toBe('folder');
  });
  it('marks pages without a registered route as not available (建设中)', () => {
    const m = buildMenu(menuTree, registeredPaths, { roleNames: ['管理员'], user: user() });
    const pages = menuPages(m);
    expect(pages.find((p) => p.anchor === 'capital-list')).toMatchObject({
      available: true,
      path: '/website/finance/capital-list',
      trail: ['财务管理'],
    });
    expect(pages.find((p) => p.anchor === 'organization-list')).toMatchObject({
      available: false,
      path: '/website/system/organization-list',
    });
  });
  it('cabinet owner: no income detail item in the finance menu', () => {
    const m = buildMenu(menuTree, registeredPaths, { roleNames: ['柜主'], user: user() });
    expect(names(m)).not.toContain('收入明细');
    expect(names(m)).toContain('资金账户');
  });
  it('container owner: no container subledger; site user: no back-point-management (and its empty folder)', () => {
    expect(
      names(buildMenu(menuTree, registeredPaths, { roleNames: ['运营'], user: user({ merchantAccountType: 1 }, 'A1001002') })),
    ).not.toContain('售货柜分账');
    const site = buildMenu(menuTree, registeredPaths, { roleNames: ['站点运营'], user: user({ ability: { useSite: true } }) });
    expect(names(site)).not.toContain('back-point-management');
    expect(names(site)).not.toContain('积分管理');
  });
  it('adds home when the server left it out, never twice', () => {
    const withoutHome = menuTree.filter((n) => n.id !== 1999);
    expect(withClientSections(withoutHome)[0].id).toBe(MENU_IDS.home);
    expect(withClientSections(menuTree).filter((n) => n.id === MENU_IDS.home)).toHaveLength(1);
    expect(withClientSections(withClientSections(menuTree)).filter((n) => n.id === MENU_IDS.fileSection)).toHaveLength(1);
  });
  it('open keys lead to the folder of the current page', () => {
    const m = buildMenu(menuTree, registeredPaths, { roleNames: ['管理员'], user: user() });
    expect(openKeysFor(m, '/website/finance/capital-list')).toEqual(['folder-106']);
    expect(openKeysFor(m, '/website/home')).toEqual([]);
  });
});
