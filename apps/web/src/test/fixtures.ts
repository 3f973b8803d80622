import type { MenuNode, ResourceResponse, UserInfo } from '@merchant/contracts/permission/session';

/** Test data shaped like the server's answers. Only imported by *.test.ts files. */
export function node(partial: Partial<MenuNode> & Pick<MenuNode, 'id' | 'name'>): MenuNode {
  return {
    parentId: 0,
    iconUrl: '',
    menuType: 2,
    sort: 0,
    hidden: false,
    anchor: '',
    anchorList: [],
    routePath: '',
    children: [],
    ...partial,
  };
}

export const menuTree: MenuNode[] = [
  node({ id: 1999, name: '首页', anchor: 'home', anchorList: ['home'], routePath: '/website/home', sort: 0 }),
  node({
    id: 115,
    name: '用户管理',
    menuType: 1,
    sort: 20,
    anchor: 'system',
    children: [
      node({
        id: 11501,
        parentId: 115,
        name: '组织管理',
        anchor: 'organization-list',
        anchorList: ['organization-list', 'organization-add'],
        routePath: '/website/system/organization-list',
        sort: 1,
      }),
      node({ id: 11502, parentId: 115, name: '隐藏页', anchor: 'hidden-page', routePath: '/website/system/hidden', hidden: true }),
    ],
  }),
  node({
    id: 106,
    name: '财务管理',
    menuType: 1,
    sort: 10,
    anchor: 'finance',
    children: [
      node({ id: 10601, parentId: 106, name: '资金账户', anchor: 'capital-list', routePath: '/website/finance/capital-list', sort: 1 }),
      node({
        id: 10602,
        parentId: 106,
        name: '收入明细',
        anchor: 'finance-device-income',
        routePath: '/website/finance/device-income',
        sort: 2,
      }),
      node({
        id: 10603,
        parentId: 106,
        name: '售货柜分账',
        anchor: 'finance-container-subledger',
        routePath: '/website/finance/container-subledger',
        sort: 3,
      }),
    ],
  }),
  node({
    id: 130,
    name: '积分管理',
    menuType: 1,
    sort: 30,
    children: [
      node({
        id: 13001,
        parentId: 130,
        name: 'back-point-management',
        anchor: 'point-manage',
        routePath: '/website/point-busi/point-manage',
      }),
    ],
  }),
];

export function user(partial: Partial<UserInfo> = {}, busCode = 'A1001005'): UserInfo {
  return {
    userName: 'admin',
    ability: { useSite: false },
    merchantAccountType: 0,
    loginOrgRole: {
      structureType: 1,
      rootOrgId: 1,
      merchantId: 9001,
      bisMerchantId: 9001,
      bisMerchantName: '示例商户',
      userId: 1,
      merchantBusCode: busCode,
    },
    timeZone: 'Asia/Shanghai',
    ...partial,
  };
}

export const resources: ResourceResponse = {
  menuTreeList: menuTree,
  selectList: [
    {
      organizationId: 1,
      organizationName: '总部',
      roleList: [
        { roleId: 1, roleName: '管理员', packageName: '全功能' },
        { roleId: 2, roleName: '运营', packageName: '运营' },
      ],
    },
    { organizationId: 2, organizationName: '华东大区', roleList: [{ roleId: 1, roleName: '管理员', packageName: '全功能' }] },
  ],
  selectTreeList: [
    {
      orgId: 1,
      orgName: '总部',
      roleList: [
        { roleId: 1, roleName: '管理员', packageName: '全功能' },
        { roleId: 2, roleName: '运营', packageName: '运营' },
      ],
      orgList: [
        {
          orgId: 2,
          orgName: '华东大区',
          roleList: [{ roleId: 1, roleName: '管理员', packageName: '全功能' }],
          orgList: [{ orgId: 4, orgName: '上海运营中心', roleList: [], orgList: [] }],
        },
        { orgId: 3, orgName: '华南大区', roleList: [], orgList: [] },
      ],
    },
  ],
  selected: { orgIdList: [1], roleIds: [1], organizationName: '总部', roleNames: ['管理员'], organizationId: 1 },
};
