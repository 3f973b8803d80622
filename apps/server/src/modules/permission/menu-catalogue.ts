import { CONTAINER_SUBLEDGER_ANCHOR, DEVICE_INCOME_ANCHOR, MENU_IDS } from '@merchant/contracts';
import { CAPITAL_FREEZE_ANCHOR, WITHDRAWAL_REVIEW_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import { COUPON_BATCH_REVIEW_ANCHOR } from '@merchant/contracts/marketing/coupon-fields';

/**
 * The product's menu catalogue: folders (menuType 1) by spec section with the spec's server ids,
 * pages (menuType 2) with their anchor (the route name) and route path. It is product data, synced into
 * the `menu` table at every start, so a new page only adds a line here. Role grants live in role_menu.
 */
interface PageDef {
  id: number;
  anchor: string;
  name: string;
  path?: string;
  /** A permission point (an action such as 审核), not a page: granted like a page, never shown in the side menu. */
  action?: boolean;
}
interface SectionDef {
  id: number;
  slug: string;
  name: string;
  icon: string;
  pages: PageDef[];
}

const p = (id: number, anchor: string, name: string, path?: string): PageDef => ({ id, anchor, name, path });
/** A permission point: operations declare it as their anchor; roles are granted it in 角色管理 like a page. */
const action = (id: number, anchor: string, name: string): PageDef => ({ id, anchor, name, action: true });

export const SECTIONS: SectionDef[] = [
  {
    id: 100,
    slug: 'basic',
    name: '基础设置',
    icon: 'SettingOutlined',
    pages: [
      p(10001, 'settle-apply', '入驻申请'),
      p(10002, 'apply-record', '申请记录'),
      p(10003, 'change-view', '信息变更'),
      p(10004, 'contract-list', '合同管理'),
      p(10005, 'account-setting', '账户设置'),
      p(10006, 'information-detail', '商户信息'),
      p(10007, 'shop-management-list', '门店管理'),
      p(10008, 'user-list', '门店员工'),
    ],
  },
  {
    id: 102,
    slug: 'goods',
    name: '商品管理',
    icon: 'ShoppingOutlined',
    pages: [
      p(10201, 'standard-product-list', '标准商品库'),
      p(10202, 'goods-management-list', '商品列表'),
      p(10203, 'salesmanagement-list', '销售管理'),
      p(10204, 'sku-list', 'SKU管理'),
      p(10205, 'price-adjustment', '价格调整'),
      p(10206, 'goods-bank-list', '商品库'),
      p(10207, 'goods-shop-list', '门店商品'),
      p(10208, 'new-products-list', '新品申请'),
      action(10209, 'standard-product-edit', '编辑标准商品'),
      action(10210, 'new-products-review', '新品审核'),
      p(10211, 'containerPrice-single', '单柜价格'),
      p(10212, 'containerPrice-local-life-price', '本地生活价格'),
      p(10213, 'price-detail-h', '价格记录'),
    ],
  },
  {
    id: 103,
    slug: 'inventory',
    name: '库存中心',
    icon: 'DatabaseOutlined',
    pages: [
      p(10301, 'inventory-management-list', '库存管理'),
      p(10302, 'inventory-add-list', '入库管理'),
      p(10303, 'inventory-water-list', '库存流水'),
      p(10304, 'goodsstock-list', '商品库存'),
    ],
  },
  {
    id: 104,
    slug: 'order',
    name: '订单管理',
    icon: 'ProfileOutlined',
    pages: [
      p(10401, 'online-retailers-list', '线上零售订单'),
      p(10402, 'wholesale-order-list', '批发订单'),
      p(10403, 'loc-life-order', '本地生活订单'),
    ],
  },
  {
    id: 105,
    slug: 'container-stock',
    name: '智能柜库存',
    icon: 'InboxOutlined',
    pages: [
      p(10501, 'container-inventory-management-list', '实时库存'),
      p(10502, 'container-inventory-water-list', '库存流水'),
      p(10503, 'inventory-stockList-list', '补货单'),
      p(10504, 'replenishment-rule', '补货规则'),
      p(10505, 'rule-configuration-list', '规则配置'),
      p(10506, 'check-stockList-list', '盘点单'),
    ],
  },
  {
    id: 106,
    slug: 'finance',
    name: '财务管理',
    icon: 'AccountBookOutlined',
    pages: [
      p(10601, 'capital-list', '资金账户'),
      p(10602, DEVICE_INCOME_ANCHOR, '收入明细', '/website/finance/device-income'),
      p(10603, 'collection-setting', '收款设置'),
      p(10604, 'capital-subledger', '分账明细'),
      p(10605, CONTAINER_SUBLEDGER_ANCHOR, '柜主分账', '/website/finance/container-subledger'),
      p(10606, 'capital-wait-settled-bill', '待结算账单'),
      p(10607, 'project-bill-record', '项目账单'),
      p(10608, 'capital-list-supplier', '供应商资金'),
      p(10609, 'capital-list-supplier-smart-container', '智能柜供应商资金'),
      p(10610, 'capital-subledger-purchase-mall', '商城分账明细'),
      p(10613, 'collection-setting-agreement', '分账协议'),
      p(10614, 'collection-setting-status', '开通状态'),
      action(10611, WITHDRAWAL_REVIEW_ANCHOR, '提现审核'),
      action(10612, CAPITAL_FREEZE_ANCHOR, '资金冻结'),
    ],
  },
  {
    id: 107,
    slug: 'mall',
    name: '批发商城',
    icon: 'ShopOutlined',
    pages: [
      p(10701, 'mall-standard-product-list', '标准商品'),
      p(10702, 'mall-salesmanagement-list', '销售管理'),
      p(10703, 'mall-sku-list', 'SKU管理'),
      p(10704, 'mall-add-new-product', '新品申请'),
      action(10705, 'mall-new-product-review', '商城新品审核'),
    ],
  },
  {
    id: 108,
    slug: 'wholesaler',
    name: '批发商库存',
    icon: 'ContainerOutlined',
    pages: [
      p(10801, 'goodsstock-lists', '批发库存'),
      p(10802, 'wholesaler-management-list', '库存管理'),
      p(10803, 'wholesaler-water-list', '库存流水'),
      p(10804, 'wholesaler-add-list', '入库管理'),
    ],
  },
  {
    id: 110,
    slug: 'container-order',
    name: '智能柜订单',
    icon: 'FileTextOutlined',
    pages: [p(11001, 'salesOrder-list', '销售订单'), p(11002, 'excepOrder-list', '异常订单')],
  },
  {
    id: 112,
    slug: 'group-purchase',
    name: '团购',
    icon: 'TeamOutlined',
    pages: [p(11201, 'group-purchase-active-management', '团购活动')],
  },
  {
    id: 113,
    slug: 'supply',
    name: '供应链商品',
    icon: 'ApartmentOutlined',
    pages: [p(11301, 'supply-goods-list', '供应链商品'), p(11302, 'supply-sku-list', '供应链SKU')],
  },
  {
    id: 115,
    slug: 'system',
    name: '用户管理',
    icon: 'UserOutlined',
    pages: [
      p(11501, 'organization-list', '组织管理'),
      p(11502, 'role-management', '角色管理'),
      p(11503, 'account-list', '账号管理'),
      p(11504, 'stock-management-account', '用户账号', '/website/stock-management/account'),
      p(11505, 'operation-log', '操作日志'),
      p(11506, 'login-log', '登录日志'),
    ],
  },
  {
    id: 118,
    slug: 'marketing',
    name: '营销管理',
    icon: 'GiftOutlined',
    pages: [
      p(11801, 'marketing-tool', '营销工具'),
      p(11802, 'coupon-batch-list', '优惠券批次'),
      p(11803, 'coupon-provide-record', '发券记录'),
      p(11804, 'coupon-promotion-position', '推广位'),
      p(11805, 'coupon-provide', '发券'),
      p(11806, 'coupon-detail-list', '券明细'),
      action(11807, COUPON_BATCH_REVIEW_ANCHOR, '优惠券审核'),
    ],
  },
  {
    id: 120,
    slug: 'device-management',
    name: '设备管理',
    icon: 'DesktopOutlined',
    pages: [
      p(12001, 'device-list', '设备列表'),
      p(12002, 'device-active-application', '激活申请'),
      p(12003, 'location-management', '位置管理'),
      action(12004, 'device-activation-review', '激活审核'),
    ],
  },
  {
    id: 121,
    slug: 'point-busi',
    name: '点位管理',
    icon: 'EnvironmentOutlined',
    pages: [
      p(12101, 'point-manage', '点位经营'),
      p(12102, 'point-manage-bulletin', '点位公告'),
      p(12103, 'address-list', '点位列表', '/website/address/address-list'),
      p(12104, 'address-log', '点位日志', '/website/address/address-log'),
      p(12105, 'back-point-management', '撤点管理'),
      action(12106, 'back-point-review', '撤点审核'),
    ],
  },
  {
    id: 122,
    slug: 'afterSale',
    name: '售后服务',
    icon: 'CustomerServiceOutlined',
    pages: [p(12201, 'after-sale-order', '售后工单')],
  },
  {
    id: 123,
    slug: 'entrepot',
    name: '前置仓',
    icon: 'HomeOutlined',
    pages: [
      p(12301, 'entrepot-owner-list', '仓主管理'),
      p(12302, 'entrepot-entry-list', '入库单'),
      p(12303, 'entrepot-returned-list', '退货单'),
      p(12304, 'entrepot-inventory-list', '实时库存'),
      p(12305, 'entrepot-inventory-water', '库存流水'),
    ],
  },
  {
    id: 124,
    slug: 'business',
    name: '经营分析',
    icon: 'BarChartOutlined',
    pages: [p(12401, 'business-sale', '销售分析'), p(12402, 'business-sale-list', '销售报表')],
  },
  {
    id: 125,
    slug: 'promotion',
    name: '促销活动',
    icon: 'TagsOutlined',
    pages: [p(12501, 'promotion-management', '促销管理')],
  },
  {
    id: 126,
    slug: 'appreciation-service',
    name: '增值服务',
    icon: 'SoundOutlined',
    pages: [p(12601, 'voice-service', '语音提醒')],
  },
  {
    id: 128,
    slug: 'inventory-management-local',
    name: '本地库存',
    icon: 'HddOutlined',
    pages: [p(12801, 'inventory-management-local-list', '库存列表'), p(12802, 'inventory-management-statement', '库存报表')],
  },
  {
    id: 129,
    slug: 'merchant-goods-management',
    name: '商户商品',
    icon: 'AppstoreOutlined',
    pages: [
      p(12901, 'public-goods-list', '公共商品库'),
      p(12902, 'my-goods-list', '我的商品'),
      p(12903, 'merchant-list', '设备商品'),
      p(12904, 'hotgoods-list', '热销商品'),
      p(12905, 'containerPrice-commodity', '柜价商品'),
      p(12906, 'merchant-goods-scene', '商品模板'),
      p(12907, 'record-list', '审核记录'),
      p(12908, 'similar-goods-list', '相似商品'),
      p(12909, 'masterplate-goods-list', '模板商品'),
      p(12910, 'marchant-add-new-product', '新品申请'),
      p(12911, 'goods-optimize-list', '商品优化'),
    ],
  },
];

export interface MenuRow {
  id: number;
  parent_id: number;
  name: string;
  icon_url: string;
  menu_type: number;
  sort: number;
  hidden: number;
  anchor: string;
  route_path: string;
}

/** Flattens the catalogue into menu rows. Home (1999) comes first. */
export function catalogueRows(): MenuRow[] {
  const rows: MenuRow[] = [
    {
      id: MENU_IDS.home,
      parent_id: 0,
      name: '首页',
      icon_url: 'HomeOutlined',
      menu_type: 2,
      sort: 0,
      hidden: 0,
      anchor: 'home',
      route_path: '/website/home',
    },
  ];
  SECTIONS.forEach((s, i) => {
    rows.push({
      id: s.id,
      parent_id: 0,
      name: s.name,
      icon_url: s.icon,
      menu_type: 1,
      sort: (i + 1) * 10,
      hidden: 0,
      anchor: `section-${s.slug}`,
      route_path: '',
    });
    s.pages.forEach((pg, j) =>
      rows.push({
        id: pg.id,
        parent_id: s.id,
        name: pg.name,
        icon_url: '',
        menu_type: 2,
        sort: j + 1,
        hidden: pg.action ? 1 : 0,
        anchor: pg.anchor,
        route_path: pg.action ? '' : (pg.path ?? `/website/${s.slug}/${pg.anchor}`),
      }),
    );
  });
  return rows;
}

/** Section ids granted to each demo role (home is always granted). */
export const DEMO_ROLE_SECTIONS: Record<string, number[] | 'all'> = {
  管理员: 'all',
  运营: [102, 103, 104, 105, 107, 108, 110, 112, 113, 118, 120, 121, 122, 123, 124, 125, 126, 128, 129],
  柜主: [105, 106, 110, 120, 121],
  财务: [104, 106, 124],
  站点运营: [105, 110, 120, 121],
};

/** Permission points a demo role does not get although it holds their section (运营 applies, 管理员 reviews). */
export const DEMO_ROLE_WITHHELD: Record<string, string[]> = {
  运营: [
    'standard-product-edit',
    'new-products-review',
    'mall-new-product-review',
    'device-activation-review',
    'back-point-review',
    COUPON_BATCH_REVIEW_ANCHOR,
  ],
  柜主: [
    'device-activation-review',
    'back-point-review',
    WITHDRAWAL_REVIEW_ANCHOR,
    CAPITAL_FREEZE_ANCHOR,
    'collection-setting',
    'collection-setting-agreement',
    'collection-setting-status',
  ],
  站点运营: ['device-activation-review', 'back-point-review'],
};
