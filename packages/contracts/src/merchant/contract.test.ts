import { describe, expect, it } from 'vitest';
import { contractStatusAt } from './contract.ts';

describe('contracts', () => {
  it('derives the contract status from the dates on today (a business-zone calendar date)', () => {
    const today = '2026-11-21';
    expect(contractStatusAt({ startDate: '2026-11-22', endDate: '2027-12-26', terminatedAt: null }, today)).toBe('pending');
    expect(contractStatusAt({ startDate: '2026-11-21', endDate: '2027-12-26', terminatedAt: null }, today)).toBe('active');
    expect(contractStatusAt({ startDate: '2026-11-20', endDate: '2026-12-21', terminatedAt: null }, today)).toBe('expiring');
    expect(contractStatusAt({ startDate: '2026-11-20', endDate: '2026-12-22', terminatedAt: null }, today)).toBe('active');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-21', terminatedAt: null }, today)).toBe('expiring');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-20', terminatedAt: null }, today)).toBe('expired');
    expect(contractStatusAt({ startDate: '2026-11-12', endDate: '2026-11-30', terminatedAt: 1 }, today)).toBe('terminated');
  });
});
