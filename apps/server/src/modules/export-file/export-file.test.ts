import { SYSTEM_OPS } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { exportList, sheetRows } from '../../test/export-kit.ts';

describe.each(DIALECTS)('export center (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('downloads a small list directly as xlsx', async () => {
    const admin = await t.signIn('admin');
    const res = await exportList(admin, SYSTEM_OPS.accountList, { status: 1 }, { exportName: '账号列表' });
    expect(res.kind).toBe('file');
    if (res.kind !== 'file') return;
    expect(res.fileName).toMatch(/^账号列表_\d{14}\.xlsx$/);
    const rows = sheetRows(res.workbook);
    expect(rows[0]).toEqual(['账号', '手机号', '账号类型', '数据范围', '组织/角色', '状态', '创建时间', '更新时间']);
    expect(rows.length).toBeGreaterThan(2);
  });
});
