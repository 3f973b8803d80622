import { addDays, calendarDateOf } from '@merchant/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import type { Seed } from '../../platform/seeds.ts';
import { WITHDRAWAL_SUBJECT } from './point-withdrawal.repo.ts';
import { demoApplicants } from './application-flow.ts';

/**
 * The demo merchant's 撤点申请 (after the points and their bindings, order 31): 52 applications in every state.
 * The 已完成 ones withdrew points that stood empty or held one of the later cabinets (D2611000025…): those
 * bindings are closed and the points are 已撤点, with the history the execution writes. Points where one of the
 * 20 simulated cabinets D2611000001…020 stands are never applied for (their bindings stay as they are). 待审核 and
 * 已通过 applications hold their point (one open application per point). Deterministic.
 */
export const seed: Seed = {
  order: 38,
  isEmpty: async (db) => !(await db.selectFrom('point_withdrawal').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedWithdrawals(db, now),
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REASONS = [
  '物业收回场地，要求月底前撤柜',
  '点位日均销售不足20单，连续三个月亏损',
  '写字楼整体装修，柜机需撤离',
  '租金上调超出预算，与物业协商未果',
  '学校寒假期间客流为零，合同到期不再续签',
  '医院门诊楼改造，原位置改为通道',
  '商场招商调整，该区域改为餐饮档口',
  '小区业委会要求撤除公共区域售货设备',
];
const REJECTS = [
  '点位近一个月销售回升，建议继续观察一个月',
  '与物业合同尚未到期，提前撤点需支付违约金，请先与物业确认',
  '撤点原因描述不清，请补充物业书面通知',
  '计划日期与补货排班冲突，请调整撤点日期',
];
const CANCELS = ['物业同意续租，撤回申请', '已协商调整位置，无需撤点', '选错点位，撤回后重新提交'];

export async function seedWithdrawals(db: Kysely<Database>, now: number): Promise<void> {
  const demo = await demoApplicants(db);
  if (!demo) return;
  const { mid, admin, operator } = demo;
  const points = await db
    .selectFrom('point')
    .select(['id', 'point_code', 'name', 'status', 'version'])
    .where('merchant_id', '=', mid)
    .where('status', '<>', 3)
    .orderBy('point_code')
    .execute();
  const bindings = await db
    .selectFrom('point_device_binding as b')
    .innerJoin('device as d', 'd.id', 'b.device_id')
    .select(['b.id', 'b.point_id', 'd.device_code', 'd.name'])
    .where('b.merchant_id', '=', mid)
    .where('b.active_device_id', 'is not', null)
    .execute();
  const boundAt = (pointId: number) => bindings.filter((b) => b.point_id === pointId);
  // never a point where a simulated cabinet stands
  const free = points.filter((p) => boundAt(p.id).every((b) => b.device_code > 'D2611000020'));
  if (free.length < 16) return;
  const completedPoints = [...free].sort((a, b) => boundAt(a.id).length - boundAt(b.id).length || a.id - b.id).slice(0, 5);
  const rest = free.filter((p) => !completedPoints.includes(p));
  const approvedPoints = rest.slice(-3);
  const pendingPoints = rest.slice(-9, -3);
  const today = calendarDateOf(now, 'Asia/Shanghai');

  await db.transaction().execute(async (trx) => {
    const history = (
      subject: string,
      id: string,
      action: string,
      label: string,
      changes: object[],
      at: number,
      who: typeof admin,
      remark = '',
    ) =>
      trx
        .insertInto('record_history')
        .values({
          merchant_id: mid,
          subject,
          subject_id: id,
          action,
          action_label: label,
          changes: JSON.stringify(changes),
          remark,
          operator_id: who.id,
          operator_name: who.user_name,
          created_at: at,
        })
        .execute();
    const ch = (field: string, label: string, before: string, after: string) => ({ field, label, before, after });
    const S = ['', '待审核', '已通过', '已驳回', '已撤回', '已完成'];
    let n = 0;
    const apply = async (p: (typeof points)[number], status: number, ageDays: number, plannedOffset: number) => {
      n++;
      const created = now - ageDays * DAY - (n % 7) * HOUR;
      const applicant = n % 4 === 0 ? admin : operator;
      const reviewer = applicant.id === admin.id ? operator : admin;
      const code = `CD${cstDate(created)}${String(2000 + n).padStart(4, '0')}`;
      const planned = addDays(today, plannedOffset);
      const reviewed = status === 1 || status === 4 ? null : created + DAY;
      const done = status === 5 ? Math.min(now - HOUR, created + 2 * DAY) : null;
      const reason = REASONS[n % REASONS.length];
      const remark = status === 3 ? REJECTS[n % REJECTS.length] : status === 2 || status === 5 ? '同意撤点，请按计划日期撤柜' : '';
      const unbound = status === 5 ? boundAt(p.id) : [];
      await trx
        .insertInto('point_withdrawal')
        .values({
          merchant_id: mid,
          apply_code: code,
          point_id: p.id,
          point_code: p.point_code,
          point_name: p.name,
          open_point_id: status === 1 || status === 2 ? p.id : null,
          reason,
          planned_date: planned,
          status,
          review_remark: remark,
          applicant_id: applicant.id,
          applicant_name: applicant.user_name,
          reviewer_id: reviewed ? reviewer.id : null,
          reviewer_name: reviewed ? reviewer.user_name : '',
          reviewed_at: reviewed,
          completed_at: done,
          completer_name: done ? reviewer.user_name : '',
          unbound_count: unbound.length,
          version: { 1: 0, 2: 1, 3: 1, 4: 1, 5: 2 }[status] ?? 0,
          created_by: applicant.id,
          created_at: created,
          updated_at: done ?? reviewed ?? (status === 4 ? created + 6 * HOUR : created),
        })
        .execute();
      await history(
        WITHDRAWAL_SUBJECT,
        code,
        'create',
        '提交申请',
        [
          ch('pointId', '点位', '（空）', `${p.name}（${p.point_code}）`),
          ch('plannedDate', '计划撤点日期', '（空）', planned),
          ch('status', '申请状态', '（空）', S[1]),
        ],
        created,
        applicant,
        reason,
      );
      if (status === 4)
        await history(
          WITHDRAWAL_SUBJECT,
          code,
          'cancel',
          '撤回申请',
          [ch('status', '申请状态', S[1], S[4])],
          created + 6 * HOUR,
          applicant,
          CANCELS[n % CANCELS.length],
        );
      if (reviewed) {
        const [action, label, to] = status === 3 ? ['reject', '审核驳回', 3] : ['approve', '审核通过', 2];
        await history(
          WITHDRAWAL_SUBJECT,
          code,
          action as string,
          label as string,
          [ch('status', '申请状态', S[1], S[to as number])],
          reviewed,
          reviewer,
          remark,
        );
      }
      if (done) {
        const tag = `撤点申请${code}`;
        for (const b of unbound) {
          await trx
            .updateTable('point_device_binding')
            .set({ active_device_id: null, unbound_at: done, unbound_by: reviewer.id, unbound_by_name: reviewer.user_name })
            .where('id', '=', b.id)
            .execute();
          await history(
            'device.device',
            b.device_code,
            'unbind',
            '解绑点位',
            [ch('point', '所在点位', `${p.name}（${p.point_code}）`, '（空）')],
            done,
            reviewer,
            tag,
          );
          await history(
            'device.point',
            p.point_code,
            'unbind',
            '解绑设备',
            [ch('devices', '绑定设备', `${b.name}（${b.device_code}）`, '（空）')],
            done,
            reviewer,
            tag,
          );
        }
        await trx
          .updateTable('point')
          .set({ status: 3, version: Number(p.version) + 1, updated_at: done })
          .where('id', '=', p.id)
          .execute();
        await history(
          'device.point',
          p.point_code,
          'withdraw',
          '撤点',
          [ch('status', '营业状态', p.status === 2 ? '暂停营业' : '营业中', '已撤点')],
          done,
          reviewer,
          tag,
        );
        await history(
          WITHDRAWAL_SUBJECT,
          code,
          'complete',
          '执行撤点',
          [ch('status', '申请状态', S[2], S[5])],
          done,
          reviewer,
          unbound.length ? `解绑设备：${unbound.map((b) => b.device_code).join('、')}` : '点位没有绑定设备',
        );
      }
    };
    // earlier attempts on the points withdrawn later, then the executions
    for (const [i, p] of completedPoints.entries()) {
      await apply(p, i % 2 === 0 ? 3 : 4, 60 - i * 3, -50 + i * 3);
      await apply(p, 5, 30 - i * 4, -28 + i * 4);
    }
    // rejected and withdrawn applications over the other free points
    for (let i = 0; i < 34; i++) await apply(rest[(i * 5) % rest.length], i % 3 === 2 ? 4 : 3, 58 - i, -40 + i * 2);
    for (const [i, p] of approvedPoints.entries()) await apply(p, 2, 4 - i, 3 + i * 2);
    for (const [i, p] of pendingPoints.entries()) await apply(p, 1, 3 - (i % 3), 5 + i * 3);
  });
}
