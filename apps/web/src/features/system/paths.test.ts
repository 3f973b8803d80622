import { describe, expect, it } from 'vitest';
import { accountHandlePath, idParam, isHandleType, roleHandlePath } from './paths.ts';
import { accountHandleTitle, roleDeleteBlocker, roleHandleTitle } from './role-helpers.ts';
import { routes } from './routes.ts';

describe('handle page paths', () => {
  it('builds role-management-add/{type}/{id?}/{organizationName?}', () => {
    expect(roleHandlePath('add')).toBe('/website/system/role-management-add/add');
    expect(roleHandlePath('edit', 12, '华东大区')).toBe(`/website/system/role-management-add/edit/12/${encodeURIComponent('华东大区')}`);
    expect(roleHandlePath('view', 3)).toBe('/website/system/role-management-add/view/3');
  });
  it('builds account-handle/{type?}/{roleId?}/{managerId?}', () => {
    expect(accountHandlePath('add')).toBe('/website/system/account-handle/add');
    expect(accountHandlePath('add', 7)).toBe('/website/system/account-handle/add/7');
    expect(accountHandlePath('edit', undefined, 42)).toBe('/website/system/account-handle/edit/0/42');
  });
  it('reads ids and types from the URL strictly', () => {
    expect(idParam('12')).toBe(12);
    expect(['0', '-1', '1.5', 'abc', undefined].map(idParam)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(isHandleType('view')).toBe(true);
    expect(isHandleType('delete')).toBe(false);
  });
});

describe('titles and guards', () => {
  it('titles the handle pages by type', () => {
    expect(['add', 'edit', 'view', undefined].map(roleHandleTitle)).toEqual(['新增角色', '编辑角色', '查看角色', '新增角色']);
    expect(['add', 'edit', 'view'].map(accountHandleTitle)).toEqual(['新增账号', '编辑账号', '账号详情']);
  });
  it('routes compute the same titles from the URL parameters', () => {
    const role = routes.find((r) => r.name === 'role-management-add')!;
    expect(typeof role.title === 'function' && role.title({ params: { type: 'edit' }, search: new URLSearchParams() })).toBe('编辑角色');
    expect(routes.every((r) => r.serverId === 115 && !!r.anchor && !!r.page)).toBe(true);
  });
  it('refuses to delete admin roles and roles in use', () => {
    expect(roleDeleteBlocker({ isAdmin: true, accountCount: 0 })).toBe('管理员角色不能删除');
    expect(roleDeleteBlocker({ isAdmin: false, accountCount: 2 })).toBe('该角色下还有 2 个账号，不能删除');
    expect(roleDeleteBlocker({ isAdmin: false, accountCount: 0 })).toBeNull();
    expect(
      roleDeleteBlocker({ isAdmin: false, accountCount: 0, manageable: false, manageNote: '角色“财务”含有您自己没有的菜单权限' }),
    ).toBe('角色“财务”含有您自己没有的菜单权限');
  });
});
