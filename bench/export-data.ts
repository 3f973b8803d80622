import { defineOperations, pagedOf } from '@merchant/contracts';
// Shared by export.bench.ts and export-child.ts: the bench-only order table, a deterministic row
// generator (the seeder and the bare-exceljs baseline produce identical rows from it), the list
// operation the export task runs, and the cell values a bare exceljs write puts in the sheet.
import { z } from 'zod';
import { queryExport, type ExportColumn } from '../apps/server/src/platform/export/export-spec.ts';
import { formatChinaTime } from '../apps/server/src/platform/export/xlsx-writer.ts';
import { implement } from '../apps/server/src/platform/gateway/registry.ts';

export const BENCH_OP = 'bench.order.list';

/** Created by the bench itself in its temp database (not a product table). */
export const BENCH_TABLE_DDL = `CREATE TABLE bench_order (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  order_no TEXT NOT NULL,
  store_name TEXT NOT NULL,
  goods_name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  pay_amount INTEGER NOT NULL,
  status INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  address TEXT NOT NULL
)`;
export const BENCH_INDEX_DDL = 'CREATE INDEX bench_order_merchant_idx ON bench_order (merchant_id, id)';

export interface BenchOrderTable {
  id: number;
  merchant_id: number;
  order_no: string;
  store_name: string;
  goods_name: string;
  quantity: number;
  amount: number;
  pay_amount: number;
  status: number;
  created_at: number;
  paid_at: number | null;
  address: string;
}

const STORES = [
  '深圳南山科技园智能售货柜01',
  '深圳福田中心区便利店',
  '广州天河体育中心售货柜',
  '上海浦东陆家嘴自助零售店',
  '北京朝阳望京SOHO售货柜',
  '杭州西湖银泰智能柜',
  '成都春熙路无人便利店',
  '武汉光谷广场自助柜',
  '南京新街口批发商城',
  '重庆解放碑线上零售店',
  '西安钟楼智能售货柜',
  '苏州工业园区便利店',
  '长沙五一广场售货柜',
  '厦门思明区自助零售店',
  '青岛市南区智能柜',
  'Shenzhen Bay Store (EN)',
];
const GOODS = [
  '农夫山泉饮用天然水 550ml×24瓶',
  '康师傅红烧牛肉面 5连包',
  '可口可乐 330ml 罐装',
  '伊利纯牛奶 250ml×16盒',
  '乐事薯片 原味 70g',
  '奥利奥夹心饼干 388g',
  '统一冰红茶 500ml',
  '旺仔牛奶 245ml',
  '三只松鼠每日坚果 750g',
  '德芙丝滑牛奶巧克力 252g',
  '维达抽纸 3层120抽×6包',
  '蓝月亮洗衣液 3kg',
  '百岁山矿泉水 570ml',
  '雀巢咖啡 1+2 原味 15g×30条',
  '卫龙辣条 大面筋 106g',
  '元气森林苏打气泡水 480ml',
  '金龙鱼食用油 5L',
  '五常大米 10kg',
  '海天酱油 1.28L',
  '蒙牛特仑苏 250ml×12盒',
];
const CITIES = [
  '广东省深圳市南山区',
  '广东省广州市天河区',
  '上海市浦东新区',
  '北京市朝阳区',
  '浙江省杭州市西湖区',
  '四川省成都市锦江区',
  '湖北省武汉市洪山区',
  '江苏省南京市玄武区',
];
const ROADS = ['科技园路', '深南大道', '中山路', '人民路', '建设路', '解放路', '和平路', '滨海大道', '学府路', '长江路'];

export const ORDER_STATUS: Readonly<Record<number, string>> = { 0: '待支付', 1: '已支付', 2: '已发货', 3: '已完成', 4: '已退款' };
const BASE_TIME = Date.UTC(2024, 0, 1, 0, 0, 0) - 8 * 3600_000; // 2024-01-01 00:00 China time

/** A cheap integer hash (deterministic, so the baseline regenerates exactly what was seeded). */
function h(i: number, salt: number): number {
  let x = Math.imul(i ^ salt, 0x9e3779b1);
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  return x >>> 0;
}

/** Row `i` (1-based) of the bench table. */
export function genRow(i: number, merchantId = 1): BenchOrderTable {
  const a = h(i, 1);
  const b = h(i, 2);
  const amount = 100 + (a % 99_900); // 1.00 … 999.99 元, in cents
  const status = b % 5;
  const createdAt = BASE_TIME + i * 30_000 + (a % 30_000);
  return {
    id: i,
    merchant_id: merchantId,
    order_no: `SO${20240101000000 + i}`,
    store_name: STORES[a % STORES.length],
    goods_name: GOODS[b % GOODS.length],
    quantity: 1 + (b % 20),
    amount,
    pay_amount: amount - (b % Math.min(amount, 500)),
    status,
    created_at: createdAt,
    paid_at: status === 0 ? null : createdAt + 5_000 + (b % 600_000),
    address: `${CITIES[(a >>> 8) % CITIES.length]}${ROADS[(b >>> 8) % ROADS.length]}${1 + ((a >>> 4) % 999)}号${1 + (b % 30)}栋`,
  };
}

/** What the list query returns (camelCase aliases, as list repos do). */
export interface BenchOrderRow {
  orderNo: string;
  storeName: string;
  goodsName: string;
  quantity: number;
  amount: number;
  payAmount: number;
  status: number;
  createdAt: number;
  paidAt: number | null;
  address: string;
}

export const BENCH_COLUMNS: readonly ExportColumn<BenchOrderRow>[] = [
  { header: '订单号', key: 'orderNo', width: 20 },
  { header: '门店名称', key: 'storeName', width: 28 },
  { header: '商品名称', key: 'goodsName', width: 30 },
  { header: '数量', key: 'quantity', type: 'number' },
  { header: '订单金额（元）', key: 'amount', type: 'money' },
  { header: '实付金额（元）', key: 'payAmount', type: 'money' },
  { header: '订单状态', key: 'status', type: 'enum', labels: ORDER_STATUS },
  { header: '下单时间', key: 'createdAt', type: 'time' },
  { header: '支付时间', key: 'paidAt', type: 'time' },
  { header: '收货地址', key: 'address', width: 36 },
];
export const BENCH_HEADERS = BENCH_COLUMNS.map((c) => c.header);

/** The cells a bare exceljs write puts in the sheet for row `i`: the same values the export writes. */
export function bareCells(r: BenchOrderTable): (string | number | null)[] {
  return [
    r.order_no,
    r.store_name,
    r.goods_name,
    r.quantity,
    r.amount / 100,
    r.pay_amount / 100,
    ORDER_STATUS[r.status],
    formatChinaTime(r.created_at),
    r.paid_at === null ? null : formatChinaTime(r.paid_at),
    r.address,
  ];
}

const benchOrderInput = z.object({ idTo: z.number().int().positive().optional() });

/**
 * The export of a list shaped like the product's: merchant-scoped, optional filter, stable order,
 * built with queryExport like every exportable list, so the task streams it from a database cursor.
 */
export const benchOrderExport = queryExport(benchOrderInput, {
  query: (ctx, i) => {
    let q = ctx.db
      .withTables<{ bench_order: BenchOrderTable }>()
      .selectFrom('bench_order')
      .select([
        'order_no as orderNo',
        'store_name as storeName',
        'goods_name as goodsName',
        'quantity',
        'amount',
        'pay_amount as payAmount',
        'status',
        'created_at as createdAt',
        'paid_at as paidAt',
        'address',
      ])
      .where('merchant_id', '=', ctx.merchantId);
    if (i.idTo !== undefined) q = q.where('id', '<=', i.idTo);
    return q.orderBy('id');
  },
  columns: BENCH_COLUMNS,
});

/** The bench's own list operation (declared here, not in contracts: it exists only in the bench's process). */
const benchOps = defineOperations(
  { anchor: null },
  {
    orderList: {
      name: BENCH_OP,
      label: '订单列表（基准）',
      input: benchOrderInput,
      output: pagedOf(z.object({ orderNo: z.string() })),
      exportable: true,
    },
  },
);

export const benchOrderList = implement(benchOps.orderList, {
  handler: async () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
  export: benchOrderExport,
});
