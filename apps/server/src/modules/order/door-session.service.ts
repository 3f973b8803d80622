import { maskPhone } from '@merchant/contracts/core/format';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import {
  DOOR_SETTLED_COMMAND,
  PROTOCOL_VERSION,
  type DoorClosedEventData,
  type DoorSettledData,
} from '@merchant/contracts/device/device-protocol';
import {
  DOOR_ABNORMAL,
  DOOR_CLOSE_LIMIT_MS,
  DOOR_EVENT_TYPES,
  DOOR_OPEN_WAIT_MS,
  DOOR_OPENED,
  DOOR_REQUESTED,
  DOOR_SESSION_STATUS,
  DOOR_SESSION_TRANSITIONS,
  type DoorEventType,
  type DoorOpenRequest,
  type DoorSessionDetail,
  type DoorSessionState,
  type DoorSessionStatus,
  type DoorSessionTransition,
} from '@merchant/contracts/order/door-session';
import { APPLY_CODE_PREFIX, EXCEPTION_TYPES, ORDER_NO_PREFIX, type ExceptionType } from '@merchant/contracts/order/order-fields';
import { STOCK_SHORT_MESSAGE } from '@merchant/contracts/stock/stock-fields';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { drawVolumeCode, withGeneratedCode } from '../../platform/business-code.ts';
import { AppError, conflict, notFound, uniqueViolation, violates } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { deviceWithPoint, sendDoorOpen } from '../device/device.service.ts';
import * as orders from './cabinet-order.service.ts';
import { ORDER_APPLY_INDEX, ORDER_NO_INDEX, orderNoTaken, orderOfSession } from './cabinet-order.repo.ts';
import type { DoorSessionTable } from './order.table.ts';

// 开门记录 (docs/orders.md "智能柜购物"): a consumer's door-open request through the open API → the cabinet's open-door
// command → door-opened → door-closed with the goods recognised → the cabinet order (cabinet-order.service). The sweep
// ends sessions the cabinet never finished. Every step is on the session's timeline (door_event).

type Db = Kysely<Database> | Transaction<Database>;
type SessionRow = Selectable<DoorSessionTable>;
const CODE_INDEX = { index: 'door_session_code_uq', table: 'door_session', columns: ['merchant_id', 'apply_code'] };
const OPEN_INDEX = { index: 'door_session_open_uq', table: 'door_session', columns: ['device_code'] };
const REQUEST_INDEX = { index: 'door_session_request_uq', table: 'door_session', columns: ['merchant_id', 'request_id'] };
const BUSY_MESSAGE = '该柜门正在使用中，请稍后再试';

const statusName = (s: number) => DOOR_SESSION_STATUS[s as DoorSessionStatus] ?? String(s);

const stateOf = (s: SessionRow): DoorSessionState => ({
  applyCode: s.apply_code,
  deviceCode: s.device_code,
  status: Number(s.status),
  statusName: statusName(Number(s.status)),
  orderNoSub: s.order_no_sub,
  failReason: s.fail_reason,
});

const findSession = (db: Db, merchantId: number, applyCode: string) =>
  db
    .selectFrom('door_session')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('apply_code', '=', applyCode.toUpperCase())
    .executeTakeFirst();

async function addEvent(
  db: Db,
  s: Pick<SessionRow, 'id' | 'merchant_id'>,
  type: DoorEventType,
  summary: string,
  now: number,
  data?: unknown,
) {
  await db
    .insertInto('door_event')
    .values({
      merchant_id: s.merchant_id,
      session_id: s.id,
      type,
      summary: summary.slice(0, 500),
      data: data === undefined ? '' : JSON.stringify(data),
      created_at: now,
    })
    .execute();
}

/** A conditional step of the session: only from the states the transition allows. True when it moved. */
async function move(trx: Transaction<Database>, s: SessionRow, t: DoorSessionTransition, set: Partial<SessionRow>, now: number) {
  const tr = DOOR_SESSION_TRANSITIONS[t];
  const res = await trx
    .updateTable('door_session')
    .set((eb) => ({ ...set, status: tr.to, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', s.id)
    .where('status', 'in', [...tr.from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A cabinet's open session (待开门 / 已开门), on door_session_open_uq (its literal condition: a partial index). */
export const busyQuery = (db: Db, deviceCode: string) =>
  db
    .selectFrom('door_session')
    .select('apply_code')
    .where('device_code', '=', deviceCode)
    .where(sql<boolean>`status in (0, 1)`);

// ---------------------------------------------------------------- the open API: a consumer asks to open a cabinet

/**
 * A consumer's door-open request (open API, as the merchant's open app): the cabinet must be the merchant's, 已激活,
 * online and stocked with a planogram, and nobody else at it. The session (待开门) is written, then the open-door command
 * is sent with its applyCode. The same requestId again answers the same session, sending nothing.
 */
export async function requestOpen(ctx: SessionOpContext, appName: string, i: DoorOpenRequest): Promise<DoorSessionState> {
  const prior = await ctx.db
    .selectFrom('door_session')
    .selectAll()
    .where('merchant_id', '=', ctx.merchantId)
    .where('request_id', '=', i.requestId)
    .executeTakeFirst();
  if (prior) {
    if (prior.device_code !== i.deviceCode || prior.user_id !== i.userId) throw conflict(`请求号${i.requestId}已用于另一次开门`);
    return stateOf(prior);
  }
  const found = await deviceWithPoint(ctx.db, ctx.merchantId, i.deviceCode);
  if (!found) throw notFound('设备');
  const d = found.device;
  if (d.status !== 2) throw conflict(`设备状态为「${DEVICE_STATUS[d.status as DeviceStatus]}」，暂不能开门`);
  if (Number(d.online) !== 1) throw conflict('设备离线，暂不能开门');
  const slots = await ctx.db
    .selectFrom('device_goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', ctx.merchantId)
    .where('device_code', '=', d.device_code)
    .executeTakeFirstOrThrow();
  if (!Number(slots.n)) throw conflict('该设备尚未配置商品，暂不能开门');
  const busy = await busyQuery(ctx.db, d.device_code).executeTakeFirst();
  if (busy) throw conflict(BUSY_MESSAGE);
  const now = ctx.clock.now();
  let session: SessionRow;
  try {
    session = await withGeneratedCode(
      APPLY_CODE_PREFIX,
      now,
      async (c) => (await findSession(ctx.db, ctx.merchantId, c)) !== undefined,
      CODE_INDEX,
      (applyCode) =>
        ctx.db.transaction().execute(async (trx) => {
          const r = await trx
            .insertInto('door_session')
            .values({
              merchant_id: ctx.merchantId,
              apply_code: applyCode,
              device_code: d.device_code,
              device_name: d.name,
              point_name: found.pointName,
              user_id: i.userId,
              user_phone: i.userPhone ?? '',
              app_name: appName,
              request_id: i.requestId,
              status: DOOR_REQUESTED,
              created_by: ctx.session.accountId,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await addEvent(
            trx,
            r,
            'requested',
            `${appName}：用户${i.userId}${i.userPhone ? `（${maskPhone(i.userPhone)}）` : ''}请求开门`,
            now,
          );
          return r;
        }),
      () => drawVolumeCode(APPLY_CODE_PREFIX, now),
    );
  } catch (err) {
    const v = uniqueViolation(err);
    if (v && violates(v, OPEN_INDEX)) throw conflict(BUSY_MESSAGE);
    if (v && violates(v, REQUEST_INDEX)) {
      const won = await ctx.db
        .selectFrom('door_session')
        .selectAll()
        .where('merchant_id', '=', ctx.merchantId)
        .where('request_id', '=', i.requestId)
        .executeTakeFirstOrThrow();
      return stateOf(won);
    }
    throw err;
  }
  try {
    const cmd = await sendDoorOpen(ctx, d, { applyCode: session.apply_code });
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('door_session').set({ command_no: cmd.commandNo }).where('id', '=', session.id).execute();
      await addEvent(trx, session, 'command', `开门指令${cmd.commandNo}已下发`, ctx.clock.now());
    });
  } catch (err) {
    // the command could not be sent: the session fails at once rather than waiting for the sweep
    const reason = err instanceof AppError ? err.message : '开门指令下发失败';
    await ctx.db.transaction().execute(async (trx) => {
      if (await move(trx, session, 'fail', { fail_reason: reason }, ctx.clock.now()))
        await addEvent(trx, session, 'failed', reason, ctx.clock.now());
    });
    if (!(err instanceof AppError)) ctx.log.error({ err, applyCode: session.apply_code }, 'open-door command failed');
  }
  return stateOf((await findSession(ctx.db, ctx.merchantId, session.apply_code))!);
}

/** The session's state as the consumer app polls it. */
export async function state(ctx: SessionOpContext, applyCode: string): Promise<DoorSessionState> {
  const s = await findSession(ctx.db, ctx.merchantId, applyCode);
  if (!s) throw notFound('开门记录');
  return stateOf(s);
}

// ---------------------------------------------------------------- the cabinet's reports

/** The session a report names, of this cabinet (another cabinet's code or an unknown one: none, logged). */
async function sessionOfReport(ctx: SessionOpContext, deviceCode: string, applyCode: string | undefined, what: string) {
  if (!applyCode) return undefined; // staff opened the door from the device page: no session
  const s = await findSession(ctx.db, ctx.merchantId, applyCode);
  if (!s || s.device_code !== deviceCode) {
    ctx.log.warn({ deviceCode, applyCode }, `${what} for an unknown session or another cabinet's: ignored`);
    return undefined;
  }
  return s;
}

/** door-opened: 待开门 → 已开门 (the moment the order will be priced at). A repeat changes nothing. */
export async function onDoorOpened(ctx: SessionOpContext, deviceCode: string, data: { applyCode?: string }): Promise<void> {
  const s = await sessionOfReport(ctx, deviceCode, data.applyCode, 'door-opened');
  if (!s) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (await move(trx, s, 'open', { opened_at: now }, now)) await addEvent(trx, s, 'opened', '柜门已打开', now, data);
  });
}

const isStockShort = (err: unknown) => err instanceof AppError && err.message.startsWith(STOCK_SHORT_MESSAGE);

function describeItems(data: DoorClosedEventData) {
  if (!data.items.length) return '未取商品';
  return data.items.map((i) => `货道${i.slotNo} SKU ${i.skuId} × ${i.quantity}（置信度${Math.round(i.confidence * 100)}%）`).join('，');
}

/**
 * door-closed with the goods taken: the session ends (已完成) and its order is written in the same transaction —
 * exactly one per session whatever repeats (the conditional step, then sale_order_apply_uq). Nothing taken: no order.
 * Stock the books do not have (库存不足) writes the order again as 异常 库存不符. A report after the sweep flagged the
 * session fills the goods into its abnormal order. A normal order is then charged.
 */
export async function onDoorClosed(ctx: SessionOpContext, deviceCode: string, data: DoorClosedEventData): Promise<void> {
  const s = await sessionOfReport(ctx, deviceCode, data.applyCode, 'door-closed');
  if (!s) {
    // a code the server does not know for this cabinet: nothing to settle, and nothing to gain from asking again
    if (data.applyCode) await tellSettled(ctx, deviceCode, { applyCode: data.applyCode, orderNoSub: '' });
    return;
  }
  await settleDoorClosed(ctx, s, data);
  // settled (written now or before): the cabinet stops re-sending the report
  const done = await findSession(ctx.db, ctx.merchantId, s.apply_code);
  if (done && Number(done.status) !== DOOR_REQUESTED && Number(done.status) !== DOOR_OPENED)
    await tellSettled(ctx, done.device_code, { applyCode: done.apply_code, orderNoSub: done.order_no_sub });
}

/** `door-settled` to the cabinet (docs/device-protocol.md "购物"); a link that is down loses it, the cabinet asks again. */
async function tellSettled(ctx: SessionOpContext, deviceCode: string, data: DoorSettledData) {
  const link = ctx.services.deviceLink;
  if (!link || link.mode === 'off') return;
  const now = ctx.clock.now();
  await link
    .send(deviceCode, { v: PROTOCOL_VERSION, id: `S${data.applyCode}`, type: DOOR_SETTLED_COMMAND, ts: now, data })
    .catch((err: unknown) => ctx.log.warn({ err, applyCode: data.applyCode }, 'door-settled could not be sent'));
}

async function settleDoorClosed(ctx: SessionOpContext, s: SessionRow, data: DoorClosedEventData): Promise<void> {
  const status = Number(s.status);
  if (status === DOOR_ABNORMAL) return lateReport(ctx, s, data);
  if (status !== DOOR_REQUESTED && status !== DOOR_OPENED) {
    await addEvent(ctx.db, s, 'duplicate', `${statusName(status)}的开门记录又收到关门上报：${describeItems(data)}`, ctx.clock.now(), data);
    return;
  }
  const now = ctx.clock.now();
  const openedAt = Number(s.opened_at) || Number(s.created_at);
  const ref: orders.SessionRef = {
    applyCode: s.apply_code,
    deviceCode: s.device_code,
    deviceName: s.device_name,
    pointName: s.point_name,
    userId: s.user_id,
    userPhone: s.user_phone,
    openedAt,
  };
  const write = (forceShort: boolean) =>
    withGeneratedCode(
      ORDER_NO_PREFIX,
      now,
      (c) => orderNoTaken(ctx.db, ctx.merchantId, c),
      ORDER_NO_INDEX,
      (orderNoSub) =>
        ctx.db.transaction().execute(async (trx) => {
          const draft = await orders.draftOrder(trx, ctx.merchantId, s.device_code, data, openedAt, now);
          const empty = draft.lines.length === 0 && !draft.excepType;
          const moved = await move(trx, s, 'close', { closed_at: now, opened_at: openedAt, order_no_sub: empty ? '' : orderNoSub }, now);
          if (!moved) return { orderNoSub: '', charge: false };
          await addEvent(trx, s, 'closed', `柜门已关闭：${describeItems(data)}`, now, data);
          if (empty) {
            await addEvent(trx, s, 'nothing', '用户未取商品，不生成订单', now);
            return { orderNoSub: '', charge: false };
          }
          if (forceShort) {
            draft.excepType ||= 'stock-short';
            draft.reasons.unshift('账面库存不足：识别出的商品多于货道的账面库存');
          }
          await orders.writeOrder(trx, ctx, orderNoSub, ref, draft);
          const abnormal = Boolean(draft.excepType);
          await addEvent(
            trx,
            s,
            'order',
            abnormal ? `生成异常订单${orderNoSub}（${EXCEPTION_TYPES[draft.excepType as ExceptionType]}）` : `生成订单${orderNoSub}`,
            now,
          );
          return { orderNoSub, charge: !abnormal };
        }),
      () => drawVolumeCode(ORDER_NO_PREFIX, now),
    );
  let made: { orderNoSub: string; charge: boolean };
  try {
    made = await write(false);
  } catch (err) {
    const v = uniqueViolation(err);
    if (v && violates(v, ORDER_APPLY_INDEX)) return; // another instance wrote this session's order
    if (!isStockShort(err)) throw err;
    made = await write(true);
  }
  if (made.charge) await orders.chargeOrder(ctx, made.orderNoSub);
}

async function lateReport(ctx: SessionOpContext, s: SessionRow, data: DoorClosedEventData) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await orderOfSession(trx, ctx.merchantId, s.apply_code);
    if (!order || !(await move(trx, s, 'late', { closed_at: now }, now))) return;
    const draft = await orders.draftOrder(trx, ctx.merchantId, s.device_code, data, Number(s.opened_at) || Number(s.created_at), now);
    await orders.fillLateReport(trx, ctx, order, draft);
    await addEvent(trx, s, 'late', `迟到的关门上报：${describeItems(data)}；已补录到异常订单${order.order_no_sub}`, now, data);
  });
}

// ---------------------------------------------------------------- the sweep

/**
 * Ends the sessions a cabinet did not finish: 待开门 past DOOR_OPEN_WAIT_MS → 开门失败; 已开门 past DOOR_CLOSE_LIMIT_MS
 * (柜门未关) or whose cabinet is offline (设备离线) → 异常 with an abnormal order for staff. Then charges cabinet orders a
 * stop left without their charge. `ctxOf` names the system for a merchant. Runs with the device link's sweep.
 */
export async function sweep(db: Kysely<Database>, now: number, ctxOf: (merchantId: number) => SessionOpContext): Promise<void> {
  const stale = await db
    .selectFrom('door_session as s')
    .innerJoin('device as d', 'd.device_code', 's.device_code')
    .selectAll('s')
    .select('d.online')
    // literal, as door_session_sweep_idx's condition reads (a bound parameter would not match a partial index)
    .where(sql<boolean>`s.status in (0, 1)`)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.status', '=', DOOR_REQUESTED), eb('s.created_at', '<', now - DOOR_OPEN_WAIT_MS)]),
        eb.and([eb('s.status', '=', DOOR_OPENED), eb('s.opened_at', '<', now - DOOR_CLOSE_LIMIT_MS)]),
        eb.and([eb('s.status', '=', DOOR_OPENED), eb('d.online', '=', 0)]),
      ]),
    )
    .limit(200)
    .execute();
  for (const s of stale) {
    const ctx = ctxOf(s.merchant_id);
    try {
      if (Number(s.status) === DOOR_REQUESTED) {
        const reason = Number(s.online) === 1 ? '设备未响应开门指令' : '设备离线，未能开门';
        await db.transaction().execute(async (trx) => {
          if (await move(trx, s, 'fail', { fail_reason: reason }, now)) await addEvent(trx, s, 'failed', reason, now);
        });
        continue;
      }
      const type: ExceptionType = Number(s.online) === 1 ? 'door-open' : 'offline';
      const reason =
        type === 'door-open'
          ? `柜门打开超过${DOOR_CLOSE_LIMIT_MS / 60_000}分钟未关闭，未收到关门识别结果`
          : '开门期间设备离线，未收到关门识别结果';
      await withGeneratedCode(
        ORDER_NO_PREFIX,
        now,
        (c) => orderNoTaken(db, s.merchant_id, c),
        ORDER_NO_INDEX,
        (orderNoSub) =>
          db.transaction().execute(async (trx) => {
            if (!(await move(trx, s, 'flag', { fail_reason: reason, order_no_sub: orderNoSub }, now))) return;
            await addEvent(trx, s, type === 'door-open' ? 'timeout' : 'offline', reason, now);
            await orders.writeFlaggedOrder(
              trx,
              ctx,
              orderNoSub,
              {
                applyCode: s.apply_code,
                deviceCode: s.device_code,
                deviceName: s.device_name,
                pointName: s.point_name,
                userId: s.user_id,
                userPhone: s.user_phone,
                openedAt: Number(s.opened_at),
              },
              type,
              reason,
            );
            await addEvent(trx, s, 'order', `生成异常订单${orderNoSub}（${EXCEPTION_TYPES[type]}）`, now);
          }),
        () => drawVolumeCode(ORDER_NO_PREFIX, now),
      );
    } catch (err) {
      ctx.log.error({ err, applyCode: s.apply_code }, 'ending a door session failed');
    }
  }
  await orders.chargeStranded(db, now - STRANDED_AFTER_MS, ctxOf);
}
/** A 待付款 cabinet order this old without its payment was left by a stop between the order and its charge. */
const STRANDED_AFTER_MS = 30_000;

// ---------------------------------------------------------------- staff: the door-open record

export async function detail(ctx: SessionOpContext, applyCode: string): Promise<DoorSessionDetail> {
  const s = await findSession(ctx.db, ctx.merchantId, applyCode);
  if (!s) throw notFound('开门记录');
  const events = await ctx.db.selectFrom('door_event').selectAll().where('session_id', '=', s.id).orderBy('id').execute();
  return {
    ...stateOf(s),
    deviceName: s.device_name,
    pointName: s.point_name,
    userId: s.user_id,
    userPhone: maskPhone(s.user_phone),
    appName: s.app_name,
    commandNo: s.command_no,
    requestedAt: Number(s.created_at),
    openedAt: Number(s.opened_at) || null,
    closedAt: Number(s.closed_at) || null,
    events: events.map((e) => ({
      type: e.type,
      typeName: DOOR_EVENT_TYPES[e.type as DoorEventType] ?? e.type,
      summary: e.summary,
      data: e.data,
      at: Number(e.created_at),
    })),
  };
}
