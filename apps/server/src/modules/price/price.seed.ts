import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';
import { ADJUSTMENT_SUBJECT } from './price-apply.ts';
import { CHANNEL_SUBJECT } from './price-channel.service.ts';

/**
 * The demo merchant's prices (after its goods and cabinets, order 45): second channels under each first channel (one
 * 停用), the 已激活 cabinets split over the 智能柜 ones, and over 50 adjustment orders over the last 60 days — first-channel
 * prices for the first SKUs, second-channel prices, cabinet overrides, local-life prices for all stores and for one
 * store — most 已生效 (with their ledger rows, the current prices and, for cabinet-bound ones, push rows 已确认, a few
 * 超时), some 草稿, 已取消 (from 草稿 and from 待生效) and 待生效 (one due in an hour, one in two days). Every order
 * has its 新建 / 提交 / 生效 or 取消 history. Deterministic.
 */
export const seed: Seed = {
  order: 45,
  isEmpty: async (db) => !(await db.selectFrom('price_adjustment').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedPrices(db, now),
};

const DAY = 86_400_000;
const CHANNELS: [first: string, name: string, status: number, remark: string][] = [
  ['container', '写字楼渠道', 1, '陆家嘴、静安寺一带写字楼大堂点位'],
  ['container', '医院渠道', 1, '三甲医院门诊楼与住院部点位'],
  ['container', '高校渠道', 1, '高校宿舍楼与图书馆点位'],
  ['container', '交通枢纽渠道', 1, '地铁站与虹桥枢纽点位'],
  ['container', '社区渠道', 0, '社区试点已暂停'],
  ['mall', '批发大客户渠道', 1, '年采购额50万元以上的批发客户'],
  ['online', '会员渠道', 1, '线上商城付费会员'],
  ['locallife', '外卖平台渠道', 1, '外卖平台门店'],
  // newer channels: no cabinets bound and no prices yet (the first channel's price applies)
  ['container', '工业园区渠道', 1, '松江、嘉定工业园区厂区点位'],
  ['container', '连锁酒店渠道', 1, '连锁酒店大堂与楼层点位'],
  ['container', '健身房渠道', 1, '连锁健身房前台点位'],
  ['mall', '社区团购团长渠道', 1, '社区团购团长批量采购'],
  ['online', '企业福利渠道', 1, '企业员工福利商城'],
  ['locallife', '即时零售渠道', 0, '即时零售平台试运营，已暂停'],
];
const REASONS = [
  '季度价格调整',
  '节日促销调价',
  '供应商进价上调',
  '竞品价格跟进',
  '新品上市定价',
  '清库存促销',
  '渠道统一价',
  '会员日特价',
];
/** yuan-looking prices: rounded to 10 分, at least 1 元. */
const price = (base: number, factor: number) => Math.max(100, Math.round((base * factor) / 10) * 10);

export async function seedPrices(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  const skus = await db
    .selectFrom('goods_sku')
    .select(['id', 'base_price'])
    .where('merchant_id', '=', mid)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(60)
    .execute();
  if (!admin || skus.length < 10) return;
  const devices = (
    await db
      .selectFrom('device')
      .select('device_code')
      .where('merchant_id', '=', mid)
      .where('status', '=', 2)
      .orderBy('device_code')
      .execute()
  ).map((d) => d.device_code);
  const stores = await db.selectFrom('store').select('id').where('merchant_id', '=', mid).orderBy('id').limit(2).execute();
  const history: Insertable<Database['record_history']>[] = [];
  const hist = (
    subject: string,
    subjectId: string | number,
    action: string,
    actionLabel: string,
    remark: string,
    at: number,
    by = admin.user_name,
  ) =>
    history.push({
      merchant_id: mid,
      subject,
      subject_id: String(subjectId),
      action,
      action_label: actionLabel,
      changes: '[]',
      remark,
      operator_id: admin.id,
      operator_name: by,
      created_at: at,
    });

  // ---- second channels and their cabinets ----
  const channelIds: number[] = [];
  for (const [n, [first, name, status, remark]] of CHANNELS.entries()) {
    const at = now - (70 - n) * DAY;
    const r = await db
      .insertInto('price_channel')
      .values({
        merchant_id: mid,
        first_channel_code: first,
        name,
        status,
        remark,
        version: status === 1 ? 1 : 2,
        created_by: admin.id,
        updated_by: admin.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelIds.push(Number(r.id));
    hist(CHANNEL_SUBJECT, r.id, 'create', '新增', name, at);
    if (status === 0) hist(CHANNEL_SUBJECT, r.id, 'disable', '停用', '', at + DAY);
  }
  const containerIds = channelIds.slice(0, 4);
  const binds = devices.slice(0, 16).map((device_code, i) => ({
    merchant_id: mid,
    channel_id: containerIds[i % containerIds.length],
    first_channel_code: 'container',
    device_code,
    created_at: now - 65 * DAY,
  }));
  if (binds.length) await db.insertInto('price_channel_device').values(binds).execute();

  // ---- adjustment orders ----
  type Line = { sku: number; key: string; price: number };
  const plans: { scope: string; lines: Line[]; summary: string }[] = [];
  const base = new Map(skus.map((s) => [Number(s.id), Number(s.base_price)]));
  const ids = skus.map((s) => Number(s.id));
  const chunk = <T>(a: T[], size: number) =>
    Array.from({ length: Math.ceil(a.length / size) }, (_, i) => a.slice(i * size, i * size + size));
  // first channels: 智能柜 a little below base, 批发 lower, 线上 a little above, 本地生活 above
  for (const [code, name, factor] of [
    ['container', '智能柜', 0.98],
    ['mall', '批发商城', 0.85],
    ['online', '线上零售', 1.02],
    ['locallife', '本地生活', 1.08],
  ] as const) {
    for (const part of chunk(ids.slice(0, 40), 10)) {
      plans.push({
        scope: 'channel1',
        summary: `一级渠道 ${name}`,
        lines: part.map((sku) => ({ sku, key: code, price: price(base.get(sku)!, factor) })),
      });
    }
  }
  // second channels: 写字楼 and 交通枢纽 dearer, 医院 and 高校 cheaper
  for (const [n, id] of containerIds.entries()) {
    const factor = [1.05, 0.95, 0.92, 1.1][n];
    for (const part of chunk(ids.slice(n * 5, n * 5 + 20), 10)) {
      plans.push({
        scope: 'channel2',
        summary: `二级渠道 智能柜 / ${CHANNELS[n][1]}`,
        lines: part.map((sku) => ({ sku, key: String(id), price: price(base.get(sku)!, factor) })),
      });
    }
  }
  plans.push({
    scope: 'channel2',
    summary: '二级渠道 批发商城 / 批发大客户渠道',
    lines: ids.slice(0, 8).map((sku) => ({ sku, key: String(channelIds[5]), price: price(base.get(sku)!, 0.8) })),
  });
  // cabinet overrides: 10 cabinets, 3 SKUs each
  for (const [n, d] of devices.slice(0, 10).entries()) {
    plans.push({
      scope: 'cabinet',
      summary: `智能柜 ${d}`,
      lines: ids.slice(n * 2, n * 2 + 3).map((sku, k) => ({ sku, key: d, price: price(base.get(sku)!, 0.9 + k * 0.05) })),
    });
  }
  // local life: all stores, then one store's own
  for (const part of chunk(ids.slice(0, 20), 10)) {
    plans.push({
      scope: 'localLife',
      summary: '门店 全部门店',
      lines: part.map((sku) => ({ sku, key: 'all', price: price(base.get(sku)!, 1.1) })),
    });
  }
  if (stores[0]) {
    plans.push({
      scope: 'localLife',
      summary: '门店 首店',
      lines: ids.slice(0, 6).map((sku) => ({ sku, key: String(stores[0].id), price: price(base.get(sku)!, 1.05) })),
    });
  }
  // a second round on the first channels (so the ledger shows old → new)
  for (const [code, name, factor] of [
    ['container', '智能柜', 0.96],
    ['mall', '批发商城', 0.83],
    ['online', '线上零售', 1.0],
  ] as const) {
    for (const part of chunk(ids.slice(0, 20), 10)) {
      plans.push({
        scope: 'channel1',
        summary: `一级渠道 ${name}`,
        lines: part.map((sku) => ({ sku, key: code, price: price(base.get(sku)!, factor) })),
      });
    }
  }
  // the tail: not applied (drafts, cancelled, pending)
  const tailStates = [1, 1, 1, 1, 4, 4, 4, 2, 2, 2];
  for (let n = 0; n < tailStates.length; n++) {
    const d = devices[n % Math.max(1, devices.length)];
    plans.push(
      d && n % 2 === 0
        ? {
            scope: 'cabinet',
            summary: `智能柜 ${d}`,
            lines: ids.slice(20 + n, 22 + n).map((sku) => ({ sku, key: d, price: price(base.get(sku)!, 0.88) })),
          }
        : {
            scope: 'channel1',
            summary: '一级渠道 线上零售',
            lines: ids.slice(30 + n, 33 + n).map((sku) => ({ sku, key: 'online', price: price(base.get(sku)!, 0.99) })),
          },
    );
  }

  const current = new Map<string, number>();
  const keyOf = (scope: string, l: Line) => `${l.sku}|${scope}|${l.key}`;
  const effectiveOf = (scope: string, l: Line) =>
    current.get(keyOf(scope, l)) ??
    (scope === 'cabinet' || scope === 'channel2' ? (current.get(`${l.sku}|channel1|container`) ?? base.get(l.sku)!) : base.get(l.sku)!);
  const applied = plans.length - tailStates.length;
  const usedNos = new Set<string>();
  for (const [n, plan] of plans.entries()) {
    const tail = n >= applied ? tailStates[n - applied] : 3;
    const created =
      tail === 3
        ? now - 60 * DAY + Math.floor((n * 58 * DAY) / applied) + (n % 7) * 3_600_000
        : now - (tailStates.length - (n - applied)) * 3_600_000;
    let seq = n + 1;
    let orderNo = `TJ${cstDate(created)}${String(seq).padStart(4, '0')}`;
    while (usedNos.has(orderNo)) orderNo = `TJ${cstDate(created)}${String(++seq + 100).padStart(4, '0')}`;
    usedNos.add(orderNo);
    const scheduled = tail === 2 || n % 5 === 0;
    const submitted = tail === 3 || tail === 2 || (tail === 4 && n % 2 === 0) ? created + 600_000 : null;
    const pendingAt = tail === 2 ? now + [3_600_000, 2 * DAY, 3 * DAY][n % 3] : null;
    const appliedAt = tail === 3 ? (scheduled ? created + 2 * 3_600_000 : submitted) : null;
    const effectiveAt = pendingAt ?? appliedAt ?? (scheduled ? created + 2 * DAY : created);
    const reason = REASONS[n % REASONS.length];
    const o = await db
      .insertInto('price_adjustment')
      .values({
        merchant_id: mid,
        order_no: orderNo,
        status: tail,
        scope_type: plan.scope,
        effective_mode: scheduled ? 'scheduled' : 'now',
        effective_at: effectiveAt,
        reason,
        scope_summary: plan.summary,
        sku_count: new Set(plan.lines.map((l) => l.sku)).size,
        line_count: plan.lines.length,
        version: tail === 1 ? 1 : tail === 2 ? 2 : 3,
        created_by: admin.id,
        creator_name: admin.user_name,
        created_at: created,
        updated_at: appliedAt ?? submitted ?? created,
        submitted_by: submitted ? admin.id : 0,
        submitter_name: submitted ? admin.user_name : '',
        submitted_at: submitted,
        applied_at: appliedAt,
        cancelled_by: tail === 4 ? admin.id : 0,
        canceller_name: tail === 4 ? admin.user_name : '',
        cancelled_at: tail === 4 ? created + 3_600_000 : null,
        cancel_reason: tail === 4 ? '价格方案调整，重新下单' : '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oid = Number(o.id);
    await db
      .insertInto('price_adjustment_line')
      .values(
        plan.lines.map((l) => ({
          merchant_id: mid,
          adjustment_id: oid,
          sku_id: l.sku,
          scope_key: l.key,
          old_price: effectiveOf(plan.scope, l),
          new_price: l.price,
        })),
      )
      .execute();
    hist(ADJUSTMENT_SUBJECT, orderNo, 'create', '新建', `${plan.summary}，${plan.lines.length}行`, created);
    if (submitted) hist(ADJUSTMENT_SUBJECT, orderNo, 'submit', '提交', scheduled ? '定时生效' : '立即生效', submitted);
    if (tail === 4) hist(ADJUSTMENT_SUBJECT, orderNo, 'cancel', '取消', '价格方案调整，重新下单', created + 3_600_000);
    if (tail !== 3) continue;
    hist(
      ADJUSTMENT_SUBJECT,
      orderNo,
      'apply',
      '生效',
      `${plan.lines.length}条价格生效`,
      appliedAt!,
      scheduled ? '系统（定时生效）' : admin.user_name,
    );
    const changes: Insertable<Database['price_change']>[] = [];
    for (const l of plan.lines) {
      const k = keyOf(plan.scope, l);
      changes.push({
        merchant_id: mid,
        sku_id: l.sku,
        scope_type: plan.scope,
        scope_key: l.key,
        old_price: current.get(k) ?? null,
        new_price: l.price,
        order_no: orderNo,
        reason,
        operator_id: admin.id,
        operator_name: admin.user_name,
        effective_at: appliedAt!,
      });
      current.set(k, l.price);
    }
    await db.insertInto('price_change').values(changes).execute();
    const pushed =
      plan.scope === 'cabinet'
        ? [...new Set(plan.lines.map((l) => l.key))]
        : plan.scope === 'channel2'
          ? binds.filter((b) => plan.lines.some((l) => l.key === String(b.channel_id))).map((b) => b.device_code)
          : [];
    if (pushed.length) {
      await db
        .insertInto('price_adjustment_push')
        .values(
          pushed.map((device_code, k) => ({
            merchant_id: mid,
            adjustment_id: oid,
            device_code,
            command_no: '',
            status: (n + k) % 9 === 4 ? 3 : 2,
            message: (n + k) % 9 === 4 ? '设备30秒内未确认' : '已同步价格',
            attempts: 1,
            sent_at: appliedAt!,
            updated_at: appliedAt! + 2_000,
          })),
        )
        .execute();
    }
  }
  // the current price of each layer: the last change of each key
  const rows = [...current.entries()].map(([k, price_cents]) => {
    const [sku, scope_type, scope_key] = k.split('|');
    return { merchant_id: mid, sku_id: Number(sku), scope_type, scope_key, price_cents, order_no: '', updated_at: now };
  });
  // the order that set it
  const lastOrder = await db
    .selectFrom('price_change')
    .select(['sku_id', 'scope_type', 'scope_key', 'order_no', 'effective_at', 'id'])
    .where('merchant_id', '=', mid)
    .orderBy('effective_at')
    .orderBy('id')
    .execute();
  const setBy = new Map(
    lastOrder.map((r) => [`${r.sku_id}|${r.scope_type}|${r.scope_key}`, { no: r.order_no, at: Number(r.effective_at) }]),
  );
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('sku_price')
      .values(
        rows.slice(i, i + 200).map((r) => {
          const s = setBy.get(`${r.sku_id}|${r.scope_type}|${r.scope_key}`)!;
          return { ...r, order_no: s.no, updated_at: s.at };
        }),
      )
      .execute();
  }
  for (let i = 0; i < history.length; i += 200)
    await db
      .insertInto('record_history')
      .values(history.slice(i, i + 200))
      .execute();
}
