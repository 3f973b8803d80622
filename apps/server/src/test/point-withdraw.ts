import { withdrawalOps } from '@merchant/contracts/device/point-withdrawal';
import type { ApiClient } from '@merchant/contracts';
import { call } from './calls.ts';
import { op } from './harness.ts';

/**
 * 撤点 the way the product does it (撤点管理): `applicant` applies for the point, `reviewer` (another account holding
 * back-point-review) approves and executes on `today`. Returns the answer of the execution.
 */
export async function withdrawPoint(applicant: ApiClient, reviewer: ApiClient, pointId: number, today: string) {
  const a = await call<{ applyCode: string; version: number }>(applicant, withdrawalOps.create, {
    pointId,
    reason: '物业收回场地，测试撤点',
    plannedDate: today,
  });
  const b = await call<{ version: number }>(reviewer, withdrawalOps.approve, { applyCode: a.applyCode, version: a.version });
  return op(reviewer, withdrawalOps.complete, { applyCode: a.applyCode, version: b.version });
}
