import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zodFormRule, zodRule } from './zod-rule.ts';

const check = async (rule: { validator?: unknown }, value?: unknown) => {
  const validator = rule.validator as (r: unknown, v: unknown) => Promise<void>;
  return validator({}, value).then(
    () => null,
    (e: Error) => e.message,
  );
};

describe('zodRule / zodFormRule', () => {
  it('a field rule shows the schema’s first message', async () => {
    const rule = zodRule(z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数'));
    expect(await check(rule, 'x')).toBe('数量必须是数字');
    expect(await check(rule, 1.5)).toBe('数量必须是整数');
    expect(await check(rule, 3)).toBeNull();
  });

  it('a cross-field refine shows under its own field only, as the server checks the whole request', async () => {
    const schema = z
      .object({
        sourceKind: z.enum(['hub', 'front']),
        frontWarehouseId: z.coerce.number().default(0),
        name: z.string().min(1, '请输入名称'),
      })
      .refine((v) => v.sourceKind !== 'front' || v.frontWarehouseId > 0, { message: '请选择前置仓', path: ['frontWarehouseId'] });
    const form = (values: Record<string, unknown>) => ({ getFieldsValue: () => values });
    const warehouse = (values: Record<string, unknown>) => check(zodFormRule(schema, 'frontWarehouseId')(form(values)));
    expect(await warehouse({ sourceKind: 'front', name: '规则' })).toBe('请选择前置仓');
    expect(await warehouse({ sourceKind: 'front', frontWarehouseId: 3, name: '规则' })).toBeNull();
    expect(await warehouse({ sourceKind: 'hub', name: '规则' })).toBeNull();
    // another field's issue is not shown here
    expect(await check(zodFormRule(schema, 'frontWarehouseId')(form({ sourceKind: 'hub', name: '' })))).toBeNull();
    expect(await check(zodFormRule(schema, 'name')(form({ sourceKind: 'hub', name: '' })))).toBe('请输入名称');
  });
});
