import { calendarDateOf, DEFAULT_BUSINESS_TIME_ZONE } from '@merchant/contracts';
import { creditCodeCheckChar } from '@merchant/contracts/merchant/certificate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoAccount, type Seed } from '../../platform/seeds.ts';
import { STORE_FIELD_LABELS } from './store.service.ts';

const DAY = 86_400_000;

/** A valid-looking unified social credit code (right check character) from a 16-digit seed. */
export function demoCreditCode(seed: string): string {
  const first17 = `91${seed}`.slice(0, 17).padEnd(17, '0');
  return first17 + creditCodeCheckChar(first17);
}

/**
 * No merchant yet: the database is empty. On it, after the demo merchant (order 10), the demo data of
 * merchant basic settings.
 */
export const seed: Seed = {
  order: 20,
  isEmpty: async (db) => !(await db.selectFrom('merchant').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedMerchantBasics(db, now),
};

/**
 * Demo data of merchant basic settings for the demo merchant (called right after the demo merchant
 * is seeded): profile, settle history, change requests, stores with change records, store staff,
 * contracts — realistic Chinese names, valid-looking numbers.
 */
export async function seedMerchantBasics(db: Kysely<Database>, now: number): Promise<void> {
  const merchant = await db.selectFrom('merchant').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
  if (!merchant) return;
  const mid = merchant.id;
  const admin = await demoAccount(db, mid, 'admin');
  const adminId = admin?.id ?? 0;
  const settledAt = now - 200 * DAY;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('merchant_profile')
      .values({
        merchant_id: mid,
        merchant_type: 'operator',
        short_name: '鲜速达',
        main_tags: 'fresh,snack,drink,daily',
        contact_name: '王建国',
        contact_phone: '13916882451',
        service_phone: '400-820-6688',
        email: 'service@xiansuda.com.cn',
        province: '上海市',
        city: '上海市',
        district: '徐汇区',
        address: '桂平路391号新漕河泾国际商务中心A座12层',
        intro: '专注社区与写字楼场景的智能零售运营商，运营智能售货柜、社区便利店与前置仓，覆盖上海、杭州、广州、深圳。',
        subject_type: 'business',
        subject_name: merchant.name,
        legal_person: '王建国',
        cert_no: demoCreditCode('310104MA1FR6XQ3'),
        cert_file_id: null,
        business_lines: 'container,mall,online,locallife',
        settled_at: settledAt,
        updated_at: now - 3 * DAY,
      })
      .execute();
    const storeIds = await seedStores(trx, mid, adminId, admin?.user_name ?? 'admin', now);
    await seedSettle(trx, mid, merchant.name, adminId, now);
    await seedChanges(trx, mid, merchant.name, adminId, now);
    await seedContracts(trx, mid, adminId, now);
    await seedStaff(trx, mid, storeIds, now);
  });
}

// days ago, business lines, status (2 approved, 3 rejected, 4 withdrawn), review text
const SETTLE_HISTORY: [number, string, number, string][] = [
  [236, 'container,mall', 3, '营业执照照片模糊，无法辨认统一社会信用代码，请重新拍摄上传'],
  [228, 'container,mall', 4, ''],
  [214, 'container,mall', 3, '法定代表人与营业执照登记信息不一致，请核实'],
  [201, 'container,mall', 2, '资料齐全，同意入驻'],
  [176, 'online', 3, '线上零售需补充《食品经营许可证》，请补充后重新提交'],
  [168, 'online', 4, ''],
  [151, 'online', 2, '许可证已核验，同意开通线上零售'],
  [133, 'locallife,group', 3, '社区团购暂未在上海开放，请仅申请本地生活'],
  [127, 'locallife', 3, '经营地址与营业执照登记地址不符，请补充租赁合同'],
  [118, 'locallife', 4, ''],
  [91, 'locallife', 2, '同意开通本地生活业务'],
  [45, 'entrepot', 3, '前置仓需提供仓储场地证明与冷链设备清单'],
];

async function seedSettle(trx: Trx, mid: number, merchantName: string, adminId: number, now: number): Promise<void> {
  const certNo = demoCreditCode('310104MA1FR6XQ3');
  const contact = { name: '王建国', phone: '13916882451' };
  for (const [i, [daysAgo, lines, status, text]] of SETTLE_HISTORY.entries()) {
    const created = now - daysAgo * DAY + (i % 3) * 3_600_000;
    const submitted = created + 2 * 3_600_000;
    const reviewed = status === 4 ? null : submitted + DAY;
    const code = `RZ${new Date(created + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(3100 + i * 53).slice(-4)}`;
    await trx
      .insertInto('settle_apply')
      .values({
        merchant_id: mid,
        apply_code: code,
        subject_type: 'business',
        subject_name: merchantName,
        cert_no: certNo,
        legal_person: i === 2 ? '王建华' : '王建国',
        contact_name: contact.name,
        contact_phone: contact.phone,
        province: '上海市',
        city: '上海市',
        district: '徐汇区',
        address: '桂平路391号新漕河泾国际商务中心A座12层',
        cert_file_id: null,
        business_lines: lines,
        remark: '',
        status,
        review_remark: status === 2 ? text : '',
        reject_reason: status === 3 ? text : '',
        submitted_at: submitted,
        reviewed_by: reviewed === null ? null : adminId,
        reviewer_name: reviewed === null ? '' : 'admin',
        reviewed_at: reviewed,
        created_by: adminId,
        creator_name: 'admin',
        created_at: created,
        updated_at: reviewed ?? submitted + 3 * 3_600_000,
      })
      .execute();
  }
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹';
const GIVEN = [
  '晓梅',
  '建华',
  '志强',
  '丽娟',
  '海燕',
  '俊杰',
  '秀英',
  '文博',
  '思远',
  '雅婷',
  '子豪',
  '欣怡',
  '国庆',
  '玉兰',
  '明辉',
  '佳琪',
  '伟',
  '磊',
  '静',
  '芳',
  '浩然',
  '梓涵',
  '婷婷',
  '宇航',
  '春燕',
  '德明',
  '慧敏',
  '少华',
];
const PREFIXES = [
  '138',
  '139',
  '137',
  '136',
  '135',
  '150',
  '151',
  '152',
  '157',
  '158',
  '159',
  '186',
  '187',
  '188',
  '189',
  '177',
  '176',
  '133',
  '153',
  '180',
];

/** Deterministic Chinese name and mobile number for demo row `i`. */
export function demoPerson(i: number): { name: string; phone: string } {
  const name = SURNAMES[(i * 7) % SURNAMES.length] + GIVEN[(i * 11 + 3) % GIVEN.length];
  const tail = String((i * 7_919_371 + 24_681_357) % 100_000_000).padStart(8, '0');
  return { name, phone: PREFIXES[(i * 3) % PREFIXES.length] + tail };
}

type Trx = Kysely<Database>;

// name, category, province, city, district, address, lng, lat, hours, tags, status
type StoreSeed = [string, string, string, string, string, string, number, number, string, string, number];
const SH = ['上海市', '上海市'] as const;
const HZ = ['浙江省', '杭州市'] as const;
const GZ = ['广东省', '广州市'] as const;
const SZ = ['广东省', '深圳市'] as const;
const STORES: StoreSeed[] = [
  ['鲜速达·徐汇滨江店', 'retail-cvs', ...SH, '徐汇区', '龙腾大道2865号1层', 121.4632, 31.1805, '07:00-23:00', 'pickup,delivery', 1],
  ['鲜速达·漕河泾店', 'retail-cvs', ...SH, '徐汇区', '桂平路391号A座1层', 121.3985, 31.1702, '00:00-23:59', '24h,office,pickup', 1],
  ['鲜速达·静安寺店', 'retail-fresh', ...SH, '静安区', '南京西路1618号B1层', 121.4477, 31.2243, '08:00-22:00', 'delivery,cold', 1],
  ['鲜速达·陆家嘴店', 'retail-cvs', ...SH, '浦东新区', '世纪大道8号国金中心B2', 121.5055, 31.2397, '07:00-23:30', 'office,pickup', 1],
  ['鲜速达·张江高科店', 'retail-cvs', ...SH, '浦东新区', '祖冲之路2290号1幢', 121.591, 31.204, '07:30-22:30', 'office,parking', 1],
  [
    '鲜速达·五角场店',
    'retail-super',
    ...SH,
    '杨浦区',
    '淞沪路8号百联又一城B1',
    121.514,
    31.302,
    '09:00-22:00',
    'campus,delivery,parking',
    1,
  ],
  ['鲜速达·虹桥天街店', 'retail-fresh', ...SH, '闵行区', '申长路688号L1-12', 121.319, 31.196, '08:00-22:00', 'transport,delivery', 1],
  ['鲜速达·中山公园店', 'retail-cvs', ...SH, '长宁区', '长宁路1018号龙之梦B1', 121.417, 31.219, '00:00-23:59', '24h,transport', 2],
  ['鲜速达·七宝店', 'retail-fruit', ...SH, '闵行区', '七莘路3655号1层', 121.353, 31.156, '08:30-21:30', 'community,delivery', 1],
  ['鲜速达·大宁店', 'retail-cvs', ...SH, '静安区', '共和新路1898号大宁音乐广场', 121.458, 31.279, '07:00-23:00', 'community,pickup', 1],
  [
    '鲜速达·世纪公园自提点',
    'community-pickup',
    ...SH,
    '浦东新区',
    '锦绣路1001号社区服务中心',
    121.549,
    31.216,
    '09:00-20:00',
    'pickup,community',
    1,
  ],
  ['鲜速达·前滩前置仓', 'community-warehouse', ...SH, '浦东新区', '东育路255弄5号', 121.487, 31.15, '06:00-23:00', 'delivery,cold', 1],
  ['鲜速达·新天地店', 'food-coffee', ...SH, '黄浦区', '马当路245号新天地南里', 121.475, 31.219, '08:00-21:00', 'wifi,office', 1],
  ['鲜速达·莘庄自提点', 'community-pickup', ...SH, '闵行区', '莘松路380号邻里中心', 121.385, 31.111, '09:00-20:30', 'pickup,community', 3],
  ['鲜速达·西湖文化广场店', 'retail-cvs', ...HZ, '拱墅区', '中山北路575号1层', 120.168, 30.278, '07:00-23:00', 'transport,pickup', 1],
  ['鲜速达·滨江星光店', 'retail-cvs', ...HZ, '滨江区', '江南大道228号星光国际广场', 120.212, 30.208, '00:00-23:59', '24h,office', 1],
  [
    '鲜速达·未来科技城店',
    'retail-super',
    ...HZ,
    '余杭区',
    '文一西路998号海创园',
    120.004,
    30.288,
    '08:00-22:00',
    'office,parking,delivery',
    1,
  ],
  ['鲜速达·钱江新城店', 'retail-fresh', ...HZ, '上城区', '富春路701号万象城B1', 120.211, 30.246, '09:00-22:00', 'delivery,cold', 1],
  ['鲜速达·武林广场店', 'retail-cvs', ...HZ, '拱墅区', '武林广场1号杭州大厦B座', 120.164, 30.274, '07:30-22:30', 'transport', 2],
  [
    '鲜速达·紫金港智能柜',
    'unmanned-cabinet',
    ...HZ,
    '西湖区',
    '余杭塘路866号浙大紫金港校区',
    120.084,
    30.305,
    '00:00-23:59',
    '24h,campus',
    1,
  ],
  ['鲜速达·城西银泰咖啡店', 'food-coffee', ...HZ, '拱墅区', '丰潭路380号城西银泰1层', 120.116, 30.296, '08:00-21:30', 'wifi', 1],
  ['鲜速达·天河城店', 'retail-cvs', ...GZ, '天河区', '天河路208号天河城B1', 113.324, 23.137, '07:00-23:00', 'transport,pickup', 1],
  ['鲜速达·珠江新城店', 'retail-cvs', ...GZ, '天河区', '花城大道85号高德置地广场', 113.324, 23.119, '00:00-23:59', '24h,office', 1],
  ['鲜速达·琶洲会展店', 'retail-super', ...GZ, '海珠区', '阅江中路380号保利世贸', 113.365, 23.1, '08:00-22:00', 'parking,office', 1],
  ['鲜速达·北京路店', 'retail-fruit', ...GZ, '越秀区', '北京路268号1层', 113.269, 23.125, '09:00-22:30', 'transport,delivery', 1],
  ['鲜速达·番禺万达店', 'retail-fresh', ...GZ, '番禺区', '汉溪大道东280号万达广场', 113.35, 22.999, '09:00-22:00', 'parking,delivery', 2],
  [
    '鲜速达·体育西路智能柜',
    'unmanned-cabinet',
    ...GZ,
    '天河区',
    '体育西路189号城建大厦1层',
    113.321,
    23.135,
    '00:00-23:59',
    '24h,office',
    1,
  ],
  ['鲜速达·科技园店', 'retail-cvs', ...SZ, '南山区', '科苑路15号科兴科学园B栋', 113.947, 22.54, '07:00-23:00', 'office,pickup', 1],
  ['鲜速达·海岸城店', 'retail-super', ...SZ, '南山区', '文心五路33号海岸城购物中心', 113.937, 22.517, '09:00-22:00', 'parking,delivery', 1],
  [
    '鲜速达·福田CBD店',
    'retail-cvs',
    ...SZ,
    '福田区',
    '益田路5033号平安金融中心B1',
    114.055,
    22.536,
    '00:00-23:59',
    '24h,office,transport',
    1,
  ],
  ['鲜速达·华强北店', 'retail-cvs', ...SZ, '福田区', '华强北路1019号华强广场', 114.086, 22.547, '08:00-23:00', 'transport', 1],
  [
    '鲜速达·龙华壹方天地店',
    'retail-fresh',
    ...SZ,
    '龙华区',
    '人民路与和平路交汇处壹方天地',
    114.025,
    22.653,
    '09:00-22:00',
    'community,delivery',
    1,
  ],
  [
    '鲜速达·前海前置仓',
    'community-warehouse',
    ...SZ,
    '南山区',
    '梦海大道5033号前海卓越',
    113.895,
    22.528,
    '06:00-23:30',
    'delivery,cold',
    1,
  ],
  ['鲜速达·宝安中心店', 'retail-cvs', ...SZ, '宝安区', '新湖路99号壹方城B1', 113.883, 22.556, '07:00-23:00', 'community,pickup', 3],
  ['鲜速达·深大智能柜', 'unmanned-cabinet', ...SZ, '南山区', '南海大道3688号深圳大学', 113.936, 22.533, '00:00-23:59', '24h,campus', 1],
  [
    '鲜速达·南山书城烘焙店',
    'food-bakery',
    ...SZ,
    '南山区',
    '南海大道2748号南山书城1层',
    113.929,
    22.525,
    '08:00-21:00',
    'wifi,delivery',
    1,
  ],
];

async function seedStores(trx: Trx, mid: number, adminId: number, adminName: string, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, [name, category, province, city, district, address, lng, lat, hours, tags, status]] of STORES.entries()) {
    const created = now - (320 - i * 8) * DAY - (i % 5) * 3_600_000;
    const [openTime, closeTime] = hours.split('-');
    const person = demoPerson(i + 1);
    const storeCode = `MD${new Date(created + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(1000 + i * 37).slice(-4)}`;
    const values = {
      name,
      categoryCode: category,
      tagCodes: tags.split(','),
      contactName: person.name,
      contactPhone: person.phone,
      province,
      city,
      district,
      address,
      lng,
      lat,
      openTime,
      closeTime,
      businessDays: [1, 2, 3, 4, 5, 6, 7],
      status: 1,
      remark: '',
    };
    const { id } = await trx
      .insertInto('store')
      .values({
        merchant_id: mid,
        store_code: storeCode,
        name,
        category_code: category,
        tag_codes: tags,
        contact_name: person.name,
        contact_phone: person.phone,
        province,
        city,
        district,
        address,
        lng,
        lat,
        open_time: openTime,
        close_time: closeTime,
        business_days: '1,2,3,4,5,6,7',
        status,
        remark: '',
        created_by: adminId,
        created_at: created,
        updated_at: status === 1 ? created : created + 40 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    const rec = (at: number, change_type: string, changes: unknown[]) =>
      trx
        .insertInto('store_change_record')
        .values({
          merchant_id: mid,
          store_id: id,
          change_type,
          changes: JSON.stringify(changes),
          operator_id: adminId,
          operator_name: adminName,
          created_at: at,
        })
        .execute();
    await rec(
      created,
      'create',
      Object.entries(values).map(([field, after]) => ({
        field,
        label: STORE_FIELD_LABELS[field as keyof typeof STORE_FIELD_LABELS],
        before: null,
        after,
      })),
    );
    if (i % 4 === 1) {
      const old = demoPerson(i + 101);
      await rec(created + 20 * DAY, 'update', [
        { field: 'contactName', label: '联系人', before: old.name, after: person.name },
        { field: 'contactPhone', label: '联系电话', before: old.phone, after: person.phone },
      ]);
    }
    if (i % 6 === 2)
      await rec(created + 30 * DAY, 'update', [{ field: 'closeTime', label: '结束营业时间', before: '22:00', after: closeTime }]);
    if (status !== 1) await rec(created + 40 * DAY, 'status', [{ field: 'status', label: '门店状态', before: 1, after: status }]);
  }
  return ids;
}

// days ago, changes [field, label, before, after], status (1 pending, 2 approved, 3 rejected, 4 withdrawn), reason, review text
const CHANGES: [number, [string, string, unknown, unknown][], number, string, string][] = [
  [192, [['merchantType', '商户类型', 'retail', 'operator']], 2, '业务转型为智能柜点位运营', '经营范围已核验'],
  [181, [['merchantName', '商户名称', '', '鲜速达智能科技有限公司']], 3, '拟更名', '名称与营业执照登记名称不一致'],
  [175, [['legalPerson', '法定代表人', '王建国', '王建华']], 4, '法定代表人变更', ''],
  [160, [['legalPerson', '法定代表人', '王建国', '王建华']], 3, '法定代表人变更', '请上传工商变更登记通知书'],
  [122, [['merchantType', '商户类型', 'operator', 'brand']], 3, '推出自有品牌', '自有品牌占比不足，仍按点位运营商管理'],
  [98, [['subjectName', '主体名称', '', '']], 4, '填写有误', ''],
  [64, [['merchantType', '商户类型', 'operator', 'distributor']], 4, '拓展批发业务', ''],
  [
    37,
    [
      ['merchantName', '商户名称', '', '鲜速达智慧零售有限公司'],
      ['merchantType', '商户类型', 'operator', 'retail'],
    ],
    3,
    '品牌升级',
    '商户类型请单独申请',
  ],
  [2, [['merchantName', '商户名称', '', '鲜速达智慧零售有限公司']], 1, '品牌升级，已完成工商名称变更', ''],
];

async function seedChanges(trx: Trx, mid: number, merchantName: string, adminId: number, now: number): Promise<void> {
  for (const [i, [daysAgo, fields, status, reason, review]] of CHANGES.entries()) {
    const created = now - daysAgo * DAY + (i % 4) * 3_600_000;
    const changes = fields.map(([field, label, before, after]) => ({
      field,
      label,
      before: field === 'merchantName' || field === 'subjectName' ? merchantName : before,
      after: field === 'subjectName' ? `${merchantName}（分公司）` : after,
    }));
    const reviewed = status === 2 || status === 3 ? created + DAY : null;
    await trx
      .insertInto('merchant_change')
      .values({
        merchant_id: mid,
        change_code: `BG${new Date(created + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(5200 + i * 71).slice(-4)}`,
        changes: JSON.stringify(changes),
        reason,
        status,
        review_remark: status === 2 ? review : '',
        reject_reason: status === 3 ? review : '',
        submitted_by: adminId,
        submitter_name: 'admin',
        reviewed_by: reviewed === null ? null : adminId,
        reviewer_name: reviewed === null ? '' : 'admin',
        reviewed_at: reviewed,
        created_at: created,
      })
      .execute();
  }
}

// name, type, party, amount (元), start (days from now), length (days), terminated reason
const CONTRACTS: [string, string, string, number, number, number, string][] = [
  ['徐汇滨江店场地租赁合同', 'lease', '上海滨江置业发展有限公司', 360_000, -300, 730, ''],
  ['漕河泾店场地租赁合同', 'lease', '上海漕河泾开发区物业管理有限公司', 288_000, -340, 365, ''],
  ['静安寺店场地租赁合同', 'lease', '上海静安商业管理有限公司', 528_000, -700, 730, ''],
  ['陆家嘴店场地租赁合同', 'lease', '上海国金中心物业管理有限公司', 612_000, -200, 1095, ''],
  ['张江智能柜点位合作协议', 'cooperation', '上海张江高科园区服务有限公司', 0, -260, 730, ''],
  ['生鲜果蔬年度采购合同', 'purchase', '华东鲜达果蔬供应链有限公司', 1_850_000, -320, 365, ''],
  ['乳品饮料年度采购合同', 'purchase', '上海禾润乳品销售有限公司', 960_000, -330, 365, ''],
  ['休闲零食年度采购合同', 'purchase', '杭州盛禾食品贸易有限公司', 720_000, -20, 365, ''],
  ['冷链配送服务合同', 'service', '上海云途冷链物流有限公司', 420_000, -150, 365, ''],
  ['智能柜运维服务合同', 'service', '深圳智柜科技有限公司', 186_000, -90, 365, ''],
  ['西湖文化广场店场地租赁合同', 'lease', '杭州文广商业运营有限公司', 312_000, -400, 730, ''],
  ['滨江星光店场地租赁合同', 'lease', '杭州星光国际广场管理有限公司', 264_000, -350, 365, ''],
  ['紫金港校区智能柜入校协议', 'cooperation', '浙江大学后勤服务集团', 0, -180, 1095, ''],
  ['天河城店场地租赁合同', 'lease', '广州天河城商业管理有限公司', 456_000, -500, 730, ''],
  ['珠江新城店场地租赁合同', 'lease', '广州高德置地物业管理有限公司', 398_000, -120, 730, ''],
  ['华南区域冷链配送合同', 'service', '广州粤味冷链物流有限公司', 336_000, -380, 365, ''],
  ['科技园店场地租赁合同', 'lease', '深圳科兴科学园物业管理有限公司', 420_000, -260, 730, ''],
  ['福田CBD店场地租赁合同', 'lease', '深圳平安金融中心物业管理有限公司', 680_000, -60, 1095, ''],
  ['华强北店场地租赁合同', 'lease', '深圳华强广场商业管理有限公司', 240_000, -730, 720, ''],
  ['宝安中心店场地租赁合同', 'lease', '深圳壹方城商业管理有限公司', 300_000, -420, 730, '门店经营调整，双方协商提前解约'],
  ['中山公园店场地租赁合同', 'lease', '上海龙之梦商业管理有限公司', 350_000, -200, 730, '商场改造，暂停营业'],
  ['徐汇片区单门常温柜投放合同', 'cabinet', '上海徐汇滨江开发建设有限公司', 240_000, -300, 1095, ''],
  ['写字楼单门冷藏柜投放合同', 'cabinet', '上海漕河泾开发区物业管理有限公司', 300_000, -280, 1095, ''],
  ['商圈双门常温柜投放合同', 'cabinet', '杭州文广商业运营有限公司', 420_000, -260, 730, ''],
  ['地铁站双门冷藏柜投放合同', 'cabinet', '上海申通地铁资产经营管理有限公司', 560_000, -240, 730, ''],
  ['园区单门冷冻柜投放合同', 'cabinet', '上海张江高科园区服务有限公司', 180_000, -220, 730, ''],
  ['2023年度智能柜投放合同', 'cabinet', '广州天河城商业管理有限公司', 200_000, -1100, 730, ''],
  ['收银系统技术服务合同', 'service', '上海码上云信息技术有限公司', 48_000, 15, 365, ''],
  ['社区团购自提点合作协议', 'cooperation', '上海莘庄社区服务中心', 0, 30, 365, ''],
  ['门店保洁外包服务合同', 'service', '上海洁亮物业服务有限公司', 96_000, -345, 365, ''],
];

/** 智能柜投放合同: cabinet model and cabinets covered (activations count up `cabinet_activated`, device seed). */
const CABINET_TERMS: Record<string, [string, number]> = {
  徐汇片区单门常温柜投放合同: ['XS-S1-N', 10],
  写字楼单门冷藏柜投放合同: ['XS-S1-C', 10],
  商圈双门常温柜投放合同: ['XS-D2-N', 8],
  地铁站双门冷藏柜投放合同: ['XS-D2-C', 8],
  园区单门冷冻柜投放合同: ['XS-S1-F', 6],
  '2023年度智能柜投放合同': ['XS-S1-N', 5],
};

async function seedContracts(trx: Trx, mid: number, adminId: number, now: number): Promise<void> {
  for (const [i, [name, type, party, yuan, startIn, length, terminated]] of CONTRACTS.entries()) {
    const start = dayStart(now + startIn * DAY);
    const end = start + length * DAY - 1;
    const created = Math.min(now - DAY, start - 7 * DAY) - (i % 3) * 3_600_000;
    const terminatedAt = terminated ? now - (10 + i) * DAY : null;
    await trx
      .insertInto('contract')
      .values({
        merchant_id: mid,
        contract_no: `HT${new Date(created + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(7300 + i * 29).slice(-4)}`,
        name,
        contract_type: type,
        party_name: party,
        amount: yuan * 100,
        sign_date: demoDate(start - 5 * DAY),
        start_date: demoDate(start),
        end_date: demoDate(end),
        file_id: null,
        remark: type === 'lease' ? '租金按季度支付，押金为三个月租金' : '',
        cabinet_model_code: CABINET_TERMS[name]?.[0] ?? null,
        cabinet_count: CABINET_TERMS[name]?.[1] ?? 0,
        cabinet_activated: 0,
        terminated_at: terminatedAt,
        terminate_reason: terminated,
        created_by: adminId,
        created_at: created,
        updated_at: terminatedAt ?? created,
      })
      .execute();
  }
}

/** The demo's business dates are days on the default business calendar (Asia/Shanghai). */
const demoDate = (t: number) => calendarDateOf(t, DEFAULT_BUSINESS_TIME_ZONE);

/** 00:00 China Standard Time of the day of `t`. */
function dayStart(t: number): number {
  const cst = t + 8 * 3_600_000;
  return cst - (cst % DAY) - 8 * 3_600_000;
}

const POSITION_CYCLE = ['manager', 'clerk', 'clerk', 'cashier', 'replenisher', 'stocker', 'clerk'];

async function seedStaff(trx: Trx, mid: number, storeIds: number[], now: number): Promise<void> {
  for (let i = 0; i < 48; i++) {
    const person = demoPerson(i + 200);
    const created = now - (300 - i * 6) * DAY;
    const { id } = await trx
      .insertInto('store_staff')
      .values({
        merchant_id: mid,
        staff_no: `YG${new Date(created + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '')}${String(8100 + i * 13).slice(-4)}`,
        name: person.name,
        phone: person.phone,
        position: POSITION_CYCLE[i % POSITION_CYCLE.length],
        status: i % 9 === 8 ? 0 : 1,
        entry_date: demoDate(created - 3 * DAY),
        remark: i % 9 === 8 ? '已离职' : '',
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stores = [storeIds[i % storeIds.length], ...(i % 5 === 0 ? [storeIds[(i + 1) % storeIds.length]] : [])];
    await trx
      .insertInto('store_staff_store')
      .values(stores.map((store_id) => ({ staff_id: id, store_id, merchant_id: mid })))
      .execute();
  }
}
