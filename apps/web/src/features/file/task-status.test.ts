import { describe, expect, it } from 'vitest';
import { canDownload, canRetry, isActive, POLL_MS, pollInterval, rowsText, STATUS_OPTIONS, statusLabel } from './task-status.ts';

describe('export task status', () => {
  it('polls every 2 s while any row is queued or running, stops when none', () => {
    expect(POLL_MS).toBe(2000);
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval({ list: [] })).toBe(false);
    expect(pollInterval({ list: [{ status: 'done' }, { status: 'failed' }, { status: 'expired' }] })).toBe(false);
    expect(pollInterval({ list: [{ status: 'done' }, { status: 'queued' }] })).toBe(2000);
    expect(pollInterval({ list: [{ status: 'running' }] })).toBe(2000);
  });

  it('download only when done; retry only when failed or expired', () => {
    expect(canDownload({ status: 'done' })).toBe(true);
    for (const s of ['queued', 'running', 'failed', 'expired'] as const) expect(canDownload({ status: s })).toBe(false);
    expect(canRetry({ status: 'failed' })).toBe(true);
    expect(canRetry({ status: 'expired' })).toBe(true);
    for (const s of ['queued', 'running', 'done'] as const) expect(canRetry({ status: s })).toBe(false);
    expect(isActive({ status: 'queued' })).toBe(true);
    expect(isActive({ status: 'done' })).toBe(false);
  });

  it('labels and filter options in Chinese', () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['排队中', '导出中', '已完成', '失败', '已过期']);
    expect(statusLabel('done')).toBe('已完成');
    expect(statusLabel('weird')).toBe('weird');
  });

  it('rows: written / expected while running, the expected count while queued', () => {
    expect(rowsText({ status: 'running', rowCount: 1200, totalRows: 30000 })).toBe('1,200 / 30,000');
    expect(rowsText({ status: 'queued', rowCount: 0, totalRows: 31 })).toBe('约 31');
    expect(rowsText({ status: 'done', rowCount: 31, totalRows: 31 })).toBe('31');
    expect(rowsText({ status: 'failed', rowCount: 0, totalRows: 0 })).toBe('--');
  });
});
