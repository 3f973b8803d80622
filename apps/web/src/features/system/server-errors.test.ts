import { describe, expect, it } from 'vitest';
import { ApiError } from '@merchant/contracts';
import { ACCOUNT_FIELD_HINTS, fieldErrorOf, ORG_FIELD_HINTS } from './server-errors.ts';

describe('fieldErrorOf', () => {
  it('puts a conflict under the field it is about', () => {
    expect(fieldErrorOf(new ApiError('A0409', '同一上级组织下已有同名组织', 200), ORG_FIELD_HINTS)).toEqual({
      name: 'name',
      errors: ['同一上级组织下已有同名组织'],
    });
    expect(fieldErrorOf(new ApiError('A0409', '该手机号已被其他账号使用', 200), ACCOUNT_FIELD_HINTS)?.name).toBe('phone');
    expect(fieldErrorOf(new ApiError('A0409', '账号已存在，请换一个', 200), ACCOUNT_FIELD_HINTS)?.name).toBe('userName');
  });
  it('leaves other refusals to the toast', () => {
    expect(fieldErrorOf(new ApiError('A0301', '无权限', 403), ORG_FIELD_HINTS)).toBeNull();
    expect(fieldErrorOf(new ApiError('A0409', '根组织不能删除', 200), ORG_FIELD_HINTS)).toBeNull();
    expect(fieldErrorOf(new Error('x'), ORG_FIELD_HINTS)).toBeNull();
  });
});
