import {
  ACTIVATION_STATUS,
  ACTIVATION_TRANSITIONS,
  type ActivationContractOption,
  type ActivationDetail,
  type ActivationDevice,
  type ActivationRow,
  type ActivationTransition,
  type activationCreateInput,
} from '@merchant/contracts/device/device-activation';
import { DEVICE_STATUS, type DeviceStatus } from '@merchant/contracts/device/device';
import { CODES, type Paged } from '@merchant/contracts';
import { DEVICE_MODEL_MISMATCH_MESSAGE } from '@merchant/contracts/core/error-codes';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError, badInput, conflict, type UniqueKey } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { historyPage } from '../../platform/record-history.ts';
import { cabinetContractsInForce, requireCabinetContract, reserveCabinets } from '../merchant/contract.service.ts';
import { applicationFlow } from './application-flow.ts';
import type { DeviceActivationTable } from './device-activation.table.ts';
import * as repo from './device-activation.repo.ts';
import { activateInTransaction, devicesByCodes, modelsByCode, unactivatedDevices } from './device.service.ts';

type Row = Selectable<DeviceActivationTable>;
type Trx = Transaction<Database>;
const SUBJECT = repo.ACTIVATION_SUBJECT;
const CODE_INDEX = { index: 'device_activation_code_uq', table: 'device_activation', columns: ['merchant_id', 'apply_code'] };
const PENDING_DEVICE: UniqueKey = {
  index: 'device_activation_pending_uq',
  table: 'device_activation_item',
  columns: ['pending_device_id'],
  message: '所选设备已在其他待审核的激活申请中，请刷新后重新选择（字段：deviceCodes）',
};

const flow = applicationFlow<ActivationTransition, Row>({
  subject: SUBJECT,
  noun: '激活申请',
  statuses: ACTIVATION_STATUS,
  transitions: ACTIVATION_TRANSITIONS,
  find: repo.findActivation,
  update: repo.updateActivation,
  reasonColumn: 'reason',
  // approving, rejecting or withdrawing frees the devices the application held
  afterStep: (trx, row) => repo.releaseItems(trx, row.id),
});

export const statusName = flow.statusName;
const deviceStatusName = (s: number) => DEVICE_STATUS[s as DeviceStatus] ?? String(s);

async function modelName(ctx: SessionOpContext, code: string) {
  return (await modelsByCode(ctx)).get(code)?.name ?? code;
}

function toRow(r: Row, codes: string[], models: Map<string, { name: string }>): ActivationRow {
  return {
    id: r.id,
    applyCode: r.apply_code,
    contractId: r.contract_id,
    contractNo: r.contract_no,
    contractName: r.contract_name,
    modelCode: r.model_code,
    modelName: models.get(r.model_code)?.name ?? r.model_code,
    deviceCount: Number(r.device_count),
    deviceCodes: codes,
    status: r.status,
    statusName: statusName(r.status),
    remark: r.remark,
    reason: r.reason,
    applicantName: r.applicant_name,
    reviewerName: r.reviewer_name,
    reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
  };
}

async function rowsOf(ctx: SessionOpContext, rows: Row[]): Promise<ActivationRow[]> {
  const items = await repo.itemsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const models = await modelsByCode(ctx);
  return rows.map((r) =>
    toRow(
      r,
      items.filter((i) => i.activation_id === r.id).map((i) => i.device_code),
      models,
    ),
  );
}

// ---------------------------------------------------------------- reads

export async function list(
  ctx: SessionOpContext,
  f: repo.ActivationFilter & { pageNum: number; pageSize: number },
): Promise<Paged<ActivationRow>> {
  const { list: rows, total } = await repo.listActivations(ctx.db, ctx.merchantId, f);
  return { list: await rowsOf(ctx, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export const exportQuery = (ctx: SessionOpContext, f: repo.ActivationFilter) => repo.activationQuery(ctx.db, ctx.merchantId, f);
export const exportRows = (ctx: SessionOpContext, rows: Row[]) => rowsOf(ctx, rows);

export async function detail(ctx: SessionOpContext, applyCode: string): Promise<ActivationDetail> {
  const r = await flow.requireRow(ctx, applyCode);
  const [row] = await rowsOf(ctx, [r]);
  const models = await modelsByCode(ctx);
  const devices = await devicesByCodes(ctx.db, ctx.merchantId, row.deviceCodes);
  const byCode = new Map(devices.map((d) => [d.device_code, d]));
  const contract = (await cabinetContractsInForceOrAny(ctx, r.contract_id)) ?? null;
  return {
    ...row,
    devices: row.deviceCodes.map((code): ActivationDevice => {
      const d = byCode.get(code);
      return {
        deviceCode: code,
        name: d?.name ?? '',
        modelCode: d?.model_code ?? '',
        modelName: d ? (models.get(d.model_code)?.name ?? d.model_code) : '',
        status: d?.status ?? 0,
        statusName: d ? deviceStatusName(d.status) : '已删除',
      };
    }),
    contract,
    mine: r.applicant_id === ctx.session.accountId,
  };
}

/** The contract's state now (for the detail page), whatever its status. */
async function cabinetContractsInForceOrAny(ctx: SessionOpContext, id: number) {
  try {
    const c = await requireCabinetContract(ctx, id);
    return {
      statusName: c.statusName,
      period: `${c.startDate} 至 ${c.endDate}`,
      cabinetCount: c.cabinetCount,
      cabinetActivated: c.cabinetActivated,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { statusName: err.message, period: '', cabinetCount: 0, cabinetActivated: 0 };
  }
}

export function history(ctx: SessionOpContext, i: { applyCode: string; pageNum: number; pageSize: number }) {
  return historyPage(ctx, SUBJECT, i.applyCode, i);
}

export async function contractOptions(ctx: SessionOpContext): Promise<ActivationContractOption[]> {
  const models = await modelsByCode(ctx);
  return (await cabinetContractsInForce(ctx)).map((c) => ({
    id: c.id,
    contractNo: c.contractNo,
    name: c.name,
    modelCode: c.modelCode,
    modelName: models.get(c.modelCode)?.name ?? c.modelCode,
    cabinetCount: c.cabinetCount,
    cabinetActivated: c.cabinetActivated,
    statusName: c.statusName,
    endDate: c.endDate,
  }));
}

export async function deviceOptions(ctx: SessionOpContext, modelCode?: string): Promise<ActivationDevice[]> {
  const [devices, pending, models] = await Promise.all([
    unactivatedDevices(ctx, modelCode),
    repo.pendingDeviceIds(ctx.db, ctx.merchantId),
    modelsByCode(ctx),
  ]);
  const held = new Set(pending);
  return devices
    .filter((d) => !held.has(d.id))
    .map((d) => ({
      deviceCode: d.device_code,
      name: d.name,
      modelCode: d.model_code,
      modelName: models.get(d.model_code)?.name ?? d.model_code,
      status: d.status,
      statusName: deviceStatusName(d.status),
    }));
}

// ---------------------------------------------------------------- checks

/**
 * The devices may be activated against the contract: all the merchant's, 未激活, of the contract's cabinet model
 * (else code 20001), not in another pending application, and within the cabinets the contract has left.
 */
async function checkDevices(
  ctx: SessionOpContext,
  db: Trx | SessionOpContext['db'],
  codes: string[],
  contractModel: string,
  selfCode: string,
) {
  const devices = await devicesByCodes(db, ctx.merchantId, codes);
  const byCode = new Map(devices.map((d) => [d.device_code, d]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length > 0) throw badInput(`设备不存在：${missing.join('、')}（字段：deviceCodes）`);
  const ordered = codes.map((c) => byCode.get(c)!);
  for (const d of ordered) {
    if (d.status !== 1) throw conflict(`设备${d.device_code}状态为「${deviceStatusName(d.status)}」，只有未激活的设备可以申请激活`);
  }
  const wrong = ordered.find((d) => d.model_code !== contractModel);
  if (wrong) throw new AppError(CODES.deviceModelMismatch, DEVICE_MODEL_MISMATCH_MESSAGE, 409, { deviceCode: wrong.device_code });
  const other = (
    await repo.pendingFor(
      db,
      ordered.map((d) => d.id),
    )
  ).find((h) => h.apply_code !== selfCode);
  if (other) throw conflict(`设备${other.device_code}已在待审核的激活申请${other.apply_code}中（字段：deviceCodes）`);
  return ordered;
}

// ---------------------------------------------------------------- writes

export async function create(ctx: SessionOpContext, input: z.output<typeof activationCreateInput>) {
  const contract = await requireCabinetContract(ctx, input.contractId);
  const devices = await checkDevices(ctx, ctx.db, input.deviceCodes, contract.modelCode, '');
  const left = contract.cabinetCount - contract.cabinetActivated;
  if (devices.length > left)
    throw conflict(
      `合同${contract.contractNo}覆盖${contract.cabinetCount}台柜，已激活${contract.cabinetActivated}台，剩余${Math.max(left, 0)}台，不足以激活${devices.length}台设备`,
    );
  const mName = await modelName(ctx, contract.modelCode);
  return flow.submit(ctx, {
    prefix: 'JH',
    codeIndex: CODE_INDEX,
    taken: (c) => repo.applyCodeTaken(ctx.db, ctx.merchantId, c),
    unique: PENDING_DEVICE,
    insert: async (trx, applyCode, now) => {
      const id = await repo.insertActivation(trx, {
        ...flow.newRow(ctx, now),
        apply_code: applyCode,
        contract_id: contract.id,
        contract_no: contract.contractNo,
        contract_name: contract.name,
        model_code: contract.modelCode,
        device_count: devices.length,
        remark: input.remark,
        reason: '',
      });
      await repo.insertItems(
        trx,
        devices.map((d) => ({
          merchant_id: ctx.merchantId,
          activation_id: id,
          device_id: d.id,
          device_code: d.device_code,
          pending_device_id: d.id,
        })),
      );
    },
    changes: [
      { field: 'contractId', label: '合同', before: '（空）', after: `${contract.contractNo} ${contract.name}` },
      { field: 'modelCode', label: '柜型', before: '（空）', after: mName },
      { field: 'deviceCodes', label: '设备', before: '（空）', after: devices.map((d) => d.device_code).join('、') },
    ],
    remark: input.remark,
  });
}

export const withdraw = (ctx: SessionOpContext, i: { applyCode: string; version: number }) => flow.withdraw(ctx, i, 'withdraw');

export const reject = (ctx: SessionOpContext, i: { applyCode: string; version: number; reason: string }) => flow.reject(ctx, i, 'reject');

/**
 * Approves in one transaction: the application is claimed (versioned), the contract is checked again (in force,
 * cabinets left: one conditional update), and every device is activated through the device module (its
 * transition rule, version and history). Any refusal rolls everything back.
 */
export async function approve(ctx: SessionOpContext, i: { applyCode: string; version: number; remark: string }) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await flow.stepRow(ctx, trx, i.applyCode, i.version, 'approve');
    flow.notOwn(ctx, row);
    const contract = await requireCabinetContract(ctx, row.contract_id, trx);
    const codes = (await repo.itemsOf(trx, [row.id])).map((it) => it.device_code);
    const devices = await checkDevices(ctx, trx, codes, contract.modelCode, row.apply_code);
    const state = await flow.step(ctx, trx, row, 'approve', { reason: i.remark, ...flow.reviewer(ctx) }, i.remark);
    await reserveCabinets(trx, ctx, contract, devices.length);
    for (const d of devices) await activateInTransaction(trx, ctx, d, `激活申请${row.apply_code}审核通过（合同${contract.contractNo}）`);
    return state;
  });
}
