import { describe, expect, it } from 'vitest';
import { describeChange, formatFieldValue } from './field-value.ts';

describe('formatFieldValue', () => {
  it('shows codes by their names', () => {
    expect(formatFieldValue('mainTags', ['fresh', 'drink'])).toBe('生鲜果蔬、酒水饮料');
    expect(formatFieldValue('tagCodes', ['24h'])).toBe('24小时营业');
    expect(formatFieldValue('businessDays', [1, 7])).toBe('周一、周日');
    expect(formatFieldValue('merchantType', 'operator')).toBe('点位运营商');
    expect(formatFieldValue('categoryCode', 'retail-cvs')).toBe('便利店');
    expect(formatFieldValue('status', 2)).toBe('暂停营业');
  });
  it('marks empty values', () => {
    expect(formatFieldValue('name', '')).toBe('（空）');
    expect(formatFieldValue('mainTags', [])).toBe('（空）');
    expect(formatFieldValue('certFileId', null)).toBe('（空）');
  });
  it('shows a file by the head of its public id', () => {
    expect(formatFieldValue('certFileId', 'Qm9vdC1sb2FkZXItaWQx')).toBe('文件 #Qm9vdC1s…');
  });
  it('describes a change', () => {
    expect(describeChange({ field: 'contactName', label: '联系人', before: '王建国', after: '王建业' })).toBe('联系人：王建国 → 王建业');
  });
});
