import { MAX_PROVIDE_PHONES } from '@merchant/contracts/marketing/coupon-fields';
import { describe, expect, it } from 'vitest';
import { parsePhones, phoneListProblem } from './phone-list.ts';

describe('发券 phone list', () => {
  it('takes one per line or separated by commas, Chinese commas, 、, semicolons and spaces; keeps each number once', () => {
    const l = parsePhones(' 13800000001\n13800000002，13800000003, 13800000001\r\n13800000004 13800000005、13800000006；13800000002\n\n');
    expect(l.phones).toEqual(['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006']);
    expect(l.duplicates).toBe(2);
    expect(l.invalid).toEqual([]);
    expect(phoneListProblem(l)).toBeNull();
  });

  it('lists what is not a mobile number with its line, and such a list is not sent', () => {
    const l = parsePhones('13800000001\n1380000000\n12800000001，abc\n13800000001');
    expect(l.phones).toEqual(['13800000001']);
    expect(l.duplicates).toBe(1);
    expect(l.invalid).toEqual([
      { line: 2, text: '1380000000' },
      { line: 3, text: '12800000001' },
      { line: 3, text: 'abc' },
    ]);
    expect(phoneListProblem(l)).toBe('有 3 个手机号格式不正确，请修改或删除后再发券');
  });

  it('refuses an empty list and more than MAX_PROVIDE_PHONES numbers', () => {
    expect(phoneListProblem(parsePhones(' \n ，'))).toBe('请输入手机号');
    const many = Array.from({ length: MAX_PROVIDE_PHONES + 1 }, (_, i) => `138${String(i).padStart(8, '0')}`).join('\n');
    const l = parsePhones(many);
    expect(l.phones).toHaveLength(MAX_PROVIDE_PHONES + 1);
    expect(l.tooMany).toBe(true);
    expect(phoneListProblem(l)).toBe(`一次最多发给${MAX_PROVIDE_PHONES}个手机号，当前 ${MAX_PROVIDE_PHONES + 1} 个`);
    expect(parsePhones(many.split('\n').slice(0, MAX_PROVIDE_PHONES).join('\n')).tooMany).toBe(false);
  });
});
