import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import type { Seed } from '../../platform/seeds.ts';
import { countSeededActivations } from '../merchant/contract.service.ts';
import { demoApplicants } from './application-flow.ts';

/**
 * The demo merchant's activation applications (after the contracts, order 20, and the devices, 30), consistent
 * with the devices' statuses: the 20 已激活 cabinets D2611000001…020 were activated by 10 approved applications
 * (two cabinets each, against the 智能柜投放合同 of their model, which counts them); D2611000021 waits in a
 * 待审核 one; earlier attempts were rejected with a reason or withdrawn. Each with its history. Deterministic.
 */
export const seed: Seed = {
  order: 35,
  isEmpty: async (db) => !(await db.selectFrom('device_activation').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedActivations(db, now),
};

const REJECT_REASONS = [
  '点位照片不清晰，无法确认柜机安装位置，请补充后重新提交',
  '设备铭牌编号与申请不一致，请核对',
  '点位物业确认函缺失',
  '柜机电源未接入独立回路，存在安全隐患',
  '合同附件未盖章，请上传盖章版本',
  '安装位置遮挡消防通道，请调整后再申请',
];
const WITHDRAW_REMARKS = ['点位调整，稍后重新申请', '选错设备，撤回后重新提交', '合同续签中，待续签后再申请'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedActivations(db: Kysely<Database>, now: number): Promise<void> {
  const demo = await demoApplicants(db);
  if (!demo) return;
  const { mid, admin, operator } = demo;
  const devices = await db
    .selectFrom('device')
    .selectAll()
    .where('merchant_id', '=', mid)
    .where('device_code', 'like', 'D2611%')
    .orderBy('device_code')
    .execute();
  const contracts = await db
    .selectFrom('contract')
    .selectAll()
    .where('merchant_id', '=', mid)
    .where('contract_type', '=', 'cabinet')
    .orderBy('id')
    .execute();
  // the contract in force for each model (the first one of the model whose end lies ahead)
  const today = new Date(now + 8 * HOUR).toISOString().slice(0, 10);
  const contractOf = (model: string) =>
    contracts.find((c) => c.cabinet_model_code === model && c.end_date >= today && c.start_date <= today);
  if (devices.length < 22 || contracts.length === 0) return;

  const codes = new Set<string>();
  const codeFor = (at: number, n: number) => {
    let c = `JH${cstDate(at)}${String((n * 7919) % 10_000).padStart(4, '0')}`;
    for (let k = 1; codes.has(c); k++) c = `JH${cstDate(at)}${String((n * 7919 + k) % 10_000).padStart(4, '0')}`;
    codes.add(c);
    return c;
  };
  const history: Insertable<Database['record_history']>[] = [];
  const hist = (
    subject: string,
    id: string,
    action: string,
    label: string,
    at: number,
    who: { id: number; user_name: string },
    changes: object[],
    remark = '',
  ) =>
    history.push({
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
    });

  let n = 0;
  const activated = new Map<number, number>();
  await db.transaction().execute(async (trx) => {
    const add = async (group: typeof devices, status: 1 | 2 | 3 | 4, created: number) => {
      const contract = contractOf(group[0].model_code);
      if (!contract) return;
      n++;
      const applyCode = codeFor(created, n);
      const reviewed = status === 2 || status === 3 ? created + 20 * HOUR : null;
      const reason = status === 3 ? REJECT_REASONS[n % REJECT_REASONS.length] : status === 2 ? '资料齐全，同意激活' : '';
      const remark =
        status === 4 ? WITHDRAW_REMARKS[n % WITHDRAW_REMARKS.length] : `${group[0].name}等${group.length}台柜机已安装调试完毕，申请激活`;
      const { id } = await trx
        .insertInto('device_activation')
        .values({
          merchant_id: mid,
          apply_code: applyCode,
          contract_id: contract.id,
          contract_no: contract.contract_no,
          contract_name: contract.name,
          model_code: group[0].model_code,
          device_count: group.length,
          status,
          remark,
          reason,
          applicant_id: operator.id,
          applicant_name: operator.user_name,
          reviewer_id: reviewed ? admin.id : null,
          reviewer_name: reviewed ? admin.user_name : '',
          reviewed_at: reviewed,
          version: status === 1 ? 0 : 1,
          created_by: operator.id,
          created_at: created,
          updated_at: reviewed ?? (status === 4 ? created + 3 * HOUR : created),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('device_activation_item')
        .values(
          group.map((d) => ({
            merchant_id: mid,
            activation_id: id,
            device_id: d.id,
            device_code: d.device_code,
            pending_device_id: status === 1 ? d.id : null,
          })),
        )
        .execute();
      const S = 'device.activation';
      hist(
        S,
        applyCode,
        'create',
        '提交申请',
        created,
        operator,
        [
          { field: 'contractId', label: '合同', before: '（空）', after: `${contract.contract_no} ${contract.name}` },
          { field: 'deviceCodes', label: '设备', before: '（空）', after: group.map((d) => d.device_code).join('、') },
          { field: 'status', label: '申请状态', before: '（空）', after: '待审核' },
        ],
        remark,
      );
      const change = (to: string) => [{ field: 'status', label: '申请状态', before: '待审核', after: to }];
      if (status === 2) {
        hist(S, applyCode, 'approve', '审核通过', reviewed!, admin, change('已通过'), reason);
        for (const d of group)
          hist(
            'device.device',
            d.device_code,
            'activate',
            '激活设备',
            reviewed!,
            admin,
            [{ field: 'status', label: '设备状态', before: '未激活', after: '已激活' }],
            `激活申请${applyCode}审核通过（合同${contract.contract_no}）`,
          );
        activated.set(contract.id, (activated.get(contract.id) ?? 0) + group.length);
      }
      if (status === 3) hist(S, applyCode, 'reject', '审核驳回', reviewed!, admin, change('已驳回'), reason);
      if (status === 4) hist(S, applyCode, 'withdraw', '撤回申请', created + 3 * HOUR, operator, change('已撤回'));
    };

    const createdOf = (d: (typeof devices)[number]) => Number(d.created_at);
    // earlier attempts: rejected or withdrawn, a few hours after each cabinet was registered (two rounds)
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 22; i++) {
        if ((i + round) % 3 === 2) continue;
        const d = devices[i];
        await add([d], (i + round) % 4 === 3 ? 4 : 3, createdOf(d) + (2 + round * 5 + (i % 3)) * HOUR);
      }
    // the approvals that activated the 20 cabinets: two of the same model in each application
    for (let k = 0; k < 5; k++)
      for (const pair of [
        [k, k + 5],
        [k + 10, k + 15],
      ]) {
        const group = pair.map((i) => devices[i]);
        await add(group, 2, Math.max(...group.map(createdOf)) + DAY);
      }
    // D2611000021 waits for review
    await add([devices[20]], 1, now - 2 * HOUR);

    for (const [contractId, count] of activated) await countSeededActivations(trx, mid, contractId, count, now);
    history.sort((a, b) => Number(a.created_at) - Number(b.created_at));
    for (let i = 0; i < history.length; i += 100)
      await trx
        .insertInto('record_history')
        .values(history.slice(i, i + 100))
        .execute();
  });
}
