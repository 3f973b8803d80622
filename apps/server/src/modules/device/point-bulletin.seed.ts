import { addDays, calendarDateOf } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { BULLETIN_SUBJECT } from './point-bulletin.repo.ts';

/**
 * The demo merchant's point bulletins (点位公告) over the demo points (after them, order 31): 56 bulletins of every
 * type in every state — drafts, published ones in force, published ones not started yet, published ones whose end
 * date has passed (shown 已过期), withdrawn ones — for all points or for chosen points, each with its history.
 * Deterministic.
 */
export const seed: Seed = {
  order: 37,
  isEmpty: async (db) => !(await db.selectFrom('point_bulletin').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedBulletins(db, now),
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** [type, title, content] */
const TEXTS: [string, string, string][] = [
  ['notice', '春节期间补货时间调整', '春节期间（除夕至初三）补货时间调整为每日10:00-16:00，期间如遇缺货请谅解，节后恢复正常补货。'],
  ['promotion', '新品饮料第二件半价', '本周起，柜内新上架的无糖茶饮第二件半价，扫码支付时自动优惠，数量有限，售完即止。'],
  ['maintenance', '柜机停机维护通知', '因柜机系统升级，本点位智能柜将于维护当日22:00-24:00暂停服务，给您带来不便敬请谅解。'],
  ['other', '失物招领', '近日在柜机旁拾到工牌一张，请失主携带有效证件到物业服务中心领取。'],
  ['notice', '支付方式更新', '智能柜已支持数字人民币支付，在支付页选择“数字人民币”即可使用，欢迎体验。'],
  ['promotion', '早餐套餐限时优惠', '工作日7:00-9:30，牛奶面包早餐套餐立减3元，每人每天限购2份。'],
  ['maintenance', '制冷系统检修', '冷藏柜制冷系统例行检修，检修期间冷藏商品暂停售卖，常温商品正常销售。'],
  ['notice', '食品安全提示', '请在取货后尽快食用冷藏食品，如发现包装破损或临期商品，请拨打柜身客服电话反馈。'],
  ['promotion', '会员日满减', '每月8日会员日，单笔满30元减5元，满50元减10元，可与优惠券叠加使用。'],
  ['other', '点位营业时间调整', '应物业要求，本点位营业时间调整为7:00-22:00，夜间暂停售卖。'],
  ['maintenance', '网络线路割接', '运营商网络线路割接，预计中断约30分钟，期间柜机仅支持刷卡支付。'],
  ['notice', '退款流程说明', '如遇扣款未出货，系统将在24小时内原路退款；超过时间未到账请联系客服处理。'],
  ['promotion', '夏日冰饮季', '冰饮季来袭，精选冰镇饮品每日14:00-17:00九折，清凉一夏。'],
  ['notice', '柜门使用提示', '取货后请随手关好柜门，柜门未关会影响下一位顾客购物，并可能导致冷藏温度升高。'],
];
/** The state of the i-th bulletin and its dates relative to today. */
const PLANS: { status: number; start: number; end: number | null }[] = [
  { status: 2, start: -10, end: 20 }, // in force
  { status: 2, start: -3, end: null }, // in force, open-ended
  { status: 1, start: 5, end: 30 }, // draft
  { status: 2, start: -40, end: -5 }, // 已过期
  { status: 3, start: -20, end: 10 }, // withdrawn
  { status: 2, start: 7, end: 21 }, // published, not started
  { status: 1, start: 1, end: null }, // draft, open-ended
  { status: 2, start: -60, end: -30 }, // 已过期
];

export async function seedBulletins(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const people = await db
    .selectFrom('account')
    .select(['id', 'user_name'])
    .where('merchant_id', '=', mid)
    .where('user_name', 'in', ['operator', 'admin'])
    .execute();
  const admin = people.find((p) => p.user_name === 'admin');
  const operator = people.find((p) => p.user_name === 'operator') ?? admin;
  if (!admin || !operator) return;
  const points = await db
    .selectFrom('point')
    .select(['id', 'point_code', 'name'])
    .where('merchant_id', '=', mid)
    .where('status', '<>', 3)
    .orderBy('point_code')
    .execute();
  if (points.length === 0) return;
  const today = calendarDateOf(now, 'Asia/Shanghai');
  await db.transaction().execute(async (trx) => {
    const history = (code: string, action: string, label: string, changes: object[], at: number, who: { id: number; user_name: string }) =>
      trx
        .insertInto('record_history')
        .values({
          merchant_id: mid,
          subject: BULLETIN_SUBJECT,
          subject_id: code,
          action,
          action_label: label,
          changes: JSON.stringify(changes),
          remark: '',
          operator_id: who.id,
          operator_name: who.user_name,
          created_at: at,
        })
        .execute();
    const ch = (field: string, label: string, before: string, after: string) => ({ field, label, before, after });
    const STATUS = ['', '草稿', '已发布', '已撤回'];
    for (let i = 0; i < 56; i++) {
      const [type, title, content] = TEXTS[i % TEXTS.length];
      const plan = PLANS[i % PLANS.length];
      const created = now - (70 - i) * DAY - (i % 5) * HOUR;
      const creator = i % 3 === 0 ? admin : operator;
      const startDate = addDays(today, plan.start - (i % 4));
      const endDate = plan.end === null ? '' : addDays(today, plan.end + (i % 3));
      // every third bulletin is for all points, the others for 1–4 chosen points
      const scope = i % 3 === 0 ? 'all' : 'points';
      const chosen = scope === 'all' ? [] : Array.from({ length: 1 + (i % 4) }, (_, k) => points[(i * 7 + k * 11) % points.length]);
      const uniq = [...new Map(chosen.map((p) => [p.id, p])).values()];
      const code = `GG${cstDate(created)}${String(1000 + i).padStart(4, '0')}`;
      const published = plan.status !== 1 ? created + 2 * HOUR : null;
      const id = (
        await trx
          .insertInto('point_bulletin')
          .values({
            merchant_id: mid,
            bulletin_code: code,
            title: i >= TEXTS.length ? `${title}（${['第二期', '第三期', '第四期', '第五期'][Math.floor(i / TEXTS.length) - 1]}）` : title,
            bulletin_type: type,
            content,
            start_date: startDate,
            end_date: endDate,
            scope,
            point_count: uniq.length,
            status: plan.status,
            published_at: published,
            publisher_name: published ? admin.user_name : '',
            creator_name: creator.user_name,
            version: plan.status === 1 ? 0 : plan.status === 2 ? 1 : 2,
            created_by: creator.id,
            created_at: created,
            updated_at: plan.status === 3 ? created + 3 * DAY : (published ?? created),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      if (uniq.length)
        await trx
          .insertInto('point_bulletin_point')
          .values(uniq.map((p) => ({ merchant_id: mid, bulletin_id: id, point_id: p.id })))
          .execute();
      await history(
        code,
        'create',
        '新增公告',
        [
          ch('title', '公告标题', '（空）', title),
          ch('startDate', '开始日期', '（空）', startDate),
          ch('endDate', '结束日期', '（空）', endDate || '长期有效'),
          ch('scope', '适用点位', '（空）', scope === 'all' ? '全部点位' : '指定点位'),
          ...(uniq.length ? [ch('points', '指定点位', '（空）', uniq.map((p) => `${p.name}（${p.point_code}）`).join('、'))] : []),
          ch('status', '公告状态', '（空）', STATUS[1]),
        ],
        created,
        creator,
      );
      if (published) await history(code, 'publish', '发布公告', [ch('status', '公告状态', STATUS[1], STATUS[2])], published, admin);
      if (plan.status === 3)
        await history(code, 'withdraw', '撤回公告', [ch('status', '公告状态', STATUS[2], STATUS[3])], created + 3 * DAY, admin);
    }
  });
}
