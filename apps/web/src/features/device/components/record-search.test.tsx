import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { faultCodeFilter } from '@merchant/contracts/device/device-fault';
import { renderWithApp } from '../../../test/render.tsx';
import { RecordSearch } from './record-search.tsx';

const FAULT = { name: 'faultCode', label: '故障代码', placeholder: '完整代码', rule: faultCodeFilter };

describe('RecordSearch (device-detail 上下线记录 / 故障记录)', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('hands up the trimmed code, and nothing for an empty form; 重置 clears', async () => {
    const onSearch = vi.fn();
    renderWithApp(<RecordSearch field={FAULT} onSearch={onSearch} testId="s" />);
    fireEvent.change(screen.getByPlaceholderText('完整代码'), { target: { value: '  E-DOOR-LOCK ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ faultCode: 'E-DOOR-LOCK' }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect((screen.getByPlaceholderText('完整代码') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(3));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });

  it('refuses a code longer than the contract allows, naming the field, and searches nothing', async () => {
    const onSearch = vi.fn();
    renderWithApp(<RecordSearch field={FAULT} onSearch={onSearch} testId="s" />);
    fireEvent.change(screen.getByPlaceholderText('完整代码'), { target: { value: 'X'.repeat(33) } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('故障代码不能超过32个字符')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
