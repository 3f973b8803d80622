import { describe, expect, it } from 'vitest';
import { orgOptionsFromSelection, rolesFromSelection } from './org-fallback.ts';

const selection = [
  {
    orgId: 1,
    orgName: '总部',
    roleList: [{ roleId: 10, roleName: '运营', packageName: '标准版' }],
    orgList: [{ orgId: 2, orgName: '华东大区', roleList: [{ roleId: 20, roleName: '管理员', packageName: '旗舰版' }], orgList: [] }],
  },
];

describe('picker data from the session selection', () => {
  it('turns the selection tree into organisation options', () => {
    expect(orgOptionsFromSelection(selection)).toEqual([
      { title: '总部', value: 1, key: 1, children: [{ title: '华东大区', value: 2, key: 2 }] },
    ]);
  });
  it('lists the held roles with their organisation', () => {
    expect(rolesFromSelection(selection).map((r) => [r.id, r.name, r.organizationId, r.organizationName])).toEqual([
      [10, '运营', 1, '总部'],
      [20, '管理员', 2, '华东大区'],
    ]);
  });
});
