import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { hashSecret, newSecret } from './device.secret.ts';
import { DEVICE_MODELS } from './device.seed.ts';
import * as deviceRepo from './device.repo.ts';
import { regionTree } from './region.ts';
import * as bindingRepo from './point-binding.repo.ts';
import * as repo from './point.repo.ts';

/**
 * Demo points (点位) in eight cities, with coordinates (GCJ-02) near each city's centre, and 40 more cabinets of the
 * demo merchant (D2611000025…, some 未激活, some 停用) so that the device list pages; most devices are bound to a
 * point. The 24 cabinets of device.seed.ts keep their codes and statuses (the simulator and e2e rely on them).
 * Deterministic: a fixed pseudo-random sequence.
 */

interface Place {
  name: string;
  scene: number;
  district: string;
  street: string;
}
interface City {
  province: string;
  city: string;
  /** GCJ-02 centre. */
  centre: [number, number];
  contact: [string, string];
  places: Place[];
}

/**
 * The demo cities and their places, as a table: a city line (`# province | city | lng,lat | contact | phone`, its
 * GCJ-02 centre), then its places one a line (`name | scene | district | street`, scene per POINT_SCENES).
 */
const CITY_TABLE = `
# 北京市 | 北京市 | 116.4074,39.9042 | 王建国 | 13801012345
望京SOHO T1 | 1 | 朝阳区 | 阜通东大街1号
国贸三期 | 1 | 朝阳区 | 建国门外大街1号
中关村软件园二期 | 1 | 海淀区 | 西北旺东路10号
北京大学医学部 | 2 | 海淀区 | 学院路38号
北京协和医院东院 | 3 | 东城区 | 帅府园1号
西单大悦城 | 6 | 西城区 | 西单北大街131号
北京南站候车大厅 | 7 | 丰台区 | 永外大街车站路12号
天通苑北一区 | 5 | 昌平区 | 立汤路186号
# 上海市 | 上海市 | 121.4737,31.2304 | 李海燕 | 13916023456
陆家嘴金融中心 | 1 | 浦东新区 | 世纪大道100号
漕河泾开发区A座 | 1 | 徐汇区 | 宜山路900号
复旦大学邯郸校区 | 2 | 杨浦区 | 邯郸路220号
瑞金医院门诊楼 | 3 | 黄浦区 | 瑞金二路197号
静安嘉里中心 | 6 | 静安区 | 南京西路1515号
虹桥火车站到达层 | 7 | 闵行区 | 申贵路1500号
张江高科技园区食堂 | 4 | 浦东新区 | 碧波路690号
古北新区荣华公寓 | 5 | 长宁区 | 荣华东道88号
五角场万达广场 | 6 | 杨浦区 | 邯郸路600号
# 广东省 | 广州市 | 113.2644,23.1291 | 陈志强 | 13822034567
珠江新城IFC | 1 | 天河区 | 珠江西路5号
天河城购物中心 | 6 | 天河区 | 天河路208号
中山大学南校区 | 2 | 海珠区 | 新港西路135号
广州南站 | 7 | 番禺区 | 石壁街道南站北路
中山一院 | 3 | 越秀区 | 中山二路58号
广汽本田增城工厂 | 4 | 增城区 | 新塘镇广深大道西
祈福新邨 | 5 | 番禺区 | 市广路祈福新邨
白云万达广场 | 6 | 白云区 | 云城东路501号
# 广东省 | 深圳市 | 114.0579,22.5431 | 张晓明 | 13923045678
腾讯滨海大厦 | 1 | 南山区 | 海天二路33号
深圳湾科技生态园 | 1 | 南山区 | 高新南十道
福田高铁站 | 7 | 福田区 | 深南大道与益田路交汇处
北大深圳医院 | 3 | 福田区 | 莲花路1120号
深圳大学粤海校区 | 2 | 南山区 | 南海大道3688号
富士康龙华园区 | 4 | 龙华区 | 东环二路2号
万象天地 | 6 | 南山区 | 深南大道9668号
龙岗万科城 | 5 | 龙岗区 | 坂田街道万科城
# 浙江省 | 杭州市 | 120.1551,30.2741 | 周丽华 | 13705856789
钱江新城来福士 | 6 | 上城区 | 新业路228号
西湖文化广场 | 8 | 拱墅区 | 中山北路575号
阿里巴巴西溪园区 | 1 | 余杭区 | 文一西路969号
浙江大学紫金港校区 | 2 | 西湖区 | 余杭塘路866号
浙大一院余杭院区 | 3 | 余杭区 | 文一西路1367号
杭州东站 | 7 | 上城区 | 天城路1号
滨江宝龙城 | 6 | 滨江区 | 滨盛路3867号
九堡家苑 | 5 | 上城区 | 九堡街道九乔路
# 四川省 | 成都市 | 104.0665,30.5728 | 刘德全 | 13808087890
天府软件园C区 | 1 | 武侯区 | 天府大道中段1268号
春熙路IFS | 6 | 锦江区 | 红星路三段1号
四川大学望江校区 | 2 | 武侯区 | 一环路南一段24号
华西医院 | 3 | 武侯区 | 国学巷37号
成都东站 | 7 | 成华区 | 邛崃山路333号
京东方B7工厂 | 4 | 郫都区 | 天宇路2号
麓湖生态城 | 5 | 双流区 | 天府大道南段麓湖
太古里 | 6 | 锦江区 | 中纱帽街8号
# 湖北省 | 武汉市 | 114.3054,30.5931 | 黄文斌 | 13907108901
光谷软件园 | 1 | 洪山区 | 关山大道1号
武汉大学信息学部 | 2 | 武昌区 | 珞喻路129号
同济医院 | 3 | 硚口区 | 解放大道1095号
汉口火车站 | 7 | 江汉区 | 发展大道金家墩特1号
楚河汉街 | 6 | 武昌区 | 中北路汉街
东风本田二厂 | 4 | 蔡甸区 | 沌口开发区车城大道
百步亭花园 | 5 | 江岸区 | 百步亭花园路
# 江苏省 | 南京市 | 118.7969,32.0603 | 吴雅婷 | 13851019012
新街口德基广场 | 6 | 玄武区 | 中山路18号
南京大学仙林校区 | 2 | 栖霞区 | 仙林大道163号
南京南站 | 7 | 雨花台区 | 玉兰路98号
鼓楼医院 | 3 | 鼓楼区 | 中山路321号
河西万达广场 | 6 | 建邺区 | 江东中路98号
江宁开发区软件园 | 1 | 江宁区 | 秣周东路12号
`;

function parseCities(table: string): City[] {
  const cities: City[] = [];
  for (const line of table.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const cells = line
      .replace(/^# /, '')
      .split('|')
      .map((c) => c.trim());
    if (line.startsWith('# ')) {
      const [province, city, centre, contactName, contactPhone] = cells;
      const [lng, lat] = centre.split(',').map(Number);
      cities.push({ province, city, centre: [lng, lat], contact: [contactName, contactPhone], places: [] });
    } else {
      const [name, scene, district, street] = cells;
      cities[cities.length - 1].places.push({ name, scene: Number(scene), district, street });
    }
  }
  return cities;
}

const CITIES = parseCities(CITY_TABLE);

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function codes(province: string, city: string, district: string) {
  const p = regionTree().find((x) => x.label === province)!;
  const c = p.children!.find((x) => x.label === city)!;
  const d = c.children!.find((x) => x.label === district)!;
  return { province_code: p.value, city_code: c.value, district_code: d.value };
}

const HOURS: [string, string][] = [
  ['00:00', '24:00'],
  ['07:00', '22:00'],
  ['08:00', '20:00'],
  ['06:30', '23:30'],
];

export async function seedDemoPoints(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const accounts = await repo.merchantAccounts(db, mid);
  const admin = accounts.find((a) => a.user_name === 'admin') ?? accounts[0];
  const rnd = random(20261123);
  await db.transaction().execute(async (trx) => {
    /** The history the real operations would have written (点位日志, 操作记录). */
    const history = (subject: string, subjectId: string, action: string, label: string, changes: object[], at: number) =>
      trx
        .insertInto('record_history')
        .values({
          merchant_id: mid,
          subject,
          subject_id: subjectId,
          action,
          action_label: label,
          changes: JSON.stringify(changes),
          remark: '',
          operator_id: admin?.id ?? 0,
          operator_name: admin?.user_name ?? '系统',
          created_at: at,
        })
        .execute();
    const ch = (field: string, label: string, before: string, after: string) => ({ field, label, before, after });
    const pointNames = new Map<number, { code: string; name: string }>();
    // ---- points ----
    const pointIds: number[] = [];
    let n = 0;
    for (const c of CITIES) {
      for (const { name, scene, district, street } of c.places) {
        n++;
        const at = now - (90 - n) * 86_400_000;
        const [open, close] = HOURS[n % HOURS.length];
        const pointCode = `P${String(26110000 + n).padStart(8, '0')}`;
        const rent = [0, 30000, 50000, 80000, 120000, 200000][n % 6];
        const commission = [500, 800, 1000, 1200, 1500][n % 5];
        const id = await repo.insertPoint(trx, {
          merchant_id: mid,
          point_code: pointCode,
          name,
          scene,
          ...codes(c.province, c.city, district),
          address: street,
          lng_e6: Math.round((c.centre[0] + (rnd() - 0.5) * 0.16) * 1e6),
          lat_e6: Math.round((c.centre[1] + (rnd() - 0.5) * 0.12) * 1e6),
          contact_name: c.contact[0],
          contact_phone: c.contact[1],
          rent_cents: rent,
          commission_bp: commission,
          open_time: open,
          close_time: close,
          operator_id: accounts[n % accounts.length]?.id ?? 0,
          remark: n % 7 === 0 ? '物业要求每月5日前结算租金' : '',
          status: n % 13 === 0 ? 2 : 1,
          version: 0,
          created_by: admin?.id ?? 0,
          created_at: at,
          updated_at: at,
        });
        pointIds.push(id);
        pointNames.set(id, { code: pointCode, name });
        const log = (action: string, label: string, changes: object[], days: number) =>
          history('device.point', pointCode, action, label, changes, at + days * 86_400_000);
        await log('create', '新增位置', [ch('name', '点位名称', '（空）', name), ch('address', '详细地址', '（空）', street)], 0);
        const terms = [
          ch('rentCents', '月租金', '0.00元', `${(rent / 100).toFixed(2)}元`),
          ch('commissionBp', '佣金比例', '0.00%', `${(commission / 100).toFixed(2)}%`),
          ch('businessHours', '营业时间', '00:00-24:00', `${open}-${close}`),
        ];
        await log(
          'terms',
          '编辑点位经营',
          terms.filter((c) => c.before !== c.after),
          1,
        );
        if (n % 13 === 0) await log('pause', '暂停营业', [ch('status', '营业状态', '营业中', '暂停营业')], 2);
      }
    }
    // ---- 40 more cabinets: D2611000025…D2611000064 ----
    for (let i = 24; i < 64; i++) {
      const model = DEVICE_MODELS[i % DEVICE_MODELS.length];
      const status = i % 9 === 0 ? 3 : i % 5 === 0 ? 1 : 2;
      const at = now - (80 - i) * 86_400_000;
      await deviceRepo.insertDevice(trx, {
        merchant_id: mid,
        device_code: `D2611${String(i + 1).padStart(6, '0')}`,
        name: `${model.name.replace('柜', '')}${String(i + 1).padStart(3, '0')}号柜`,
        model_code: model.code,
        status,
        firmware: status === 1 ? '' : `v2.${(i % 3) + 1}.0`,
        remark: '',
        secret_hash: hashSecret(newSecret()),
        online: 0,
        last_seen_at: 0,
        temperature_dc: null,
        door_state: '',
        telemetry_at: 0,
        version: 0,
        created_by: admin?.id ?? 0,
        created_at: at,
        updated_at: at,
      });
    }
    // ---- bindings: most devices stand at a point (the 停用 ones and every seventh stay unbound) ----
    const devices = await trx
      .selectFrom('device')
      .select(['id', 'device_code', 'name', 'status', 'created_at'])
      .where('merchant_id', '=', mid)
      .orderBy('device_code')
      .execute();
    let k = 0;
    for (const d of devices) {
      k++;
      if (d.status === 3 || k % 7 === 0) continue;
      const pointId = pointIds[(k * 5) % pointIds.length];
      const p = pointNames.get(pointId)!;
      const at = Number(d.created_at) + 3_600_000;
      await history('device.point', p.code, 'bind', '绑定设备', [ch('devices', '绑定设备', '（空）', `${d.name}（${d.device_code}）`)], at);
      await history('device.device', d.device_code, 'bind', '绑定点位', [ch('point', '所在点位', '（空）', `${p.name}（${p.code}）`)], at);
      await bindingRepo.insertBinding(trx, {
        merchant_id: mid,
        point_id: pointId,
        device_id: d.id,
        active_device_id: d.id,
        bound_at: at,
        bound_by: admin?.id ?? 0,
        bound_by_name: admin?.user_name ?? '',
        unbound_at: 0,
        unbound_by: 0,
        unbound_by_name: '',
      });
    }
  });
}

export const seed: Seed = {
  order: 31,
  isEmpty: async (db) => !(await db.selectFrom('point').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedDemoPoints(db, now),
};
