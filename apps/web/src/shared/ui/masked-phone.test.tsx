import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MaskedPhone, RevealPhoneSuffix } from './masked-phone.tsx';

afterEach(cleanup);

describe('MaskedPhone (the masking rule)', () => {
  it('shows the masked number; 查看 asks the server once and shows the full number until hidden', async () => {
    const reveal = vi.fn().mockResolvedValue('13916882451');
    render(<MaskedPhone value="139****2451" canReveal reveal={reveal} />);
    expect(screen.getByTestId('phone-text').textContent).toBe('139****2451');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '查看完整号码' })));
    expect(screen.getByTestId('phone-text').textContent).toBe('13916882451');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '隐藏完整号码' })));
    expect(screen.getByTestId('phone-text').textContent).toBe('139****2451');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '查看完整号码' })));
    expect(screen.getByTestId('phone-text').textContent).toBe('13916882451');
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('offers no eye to a role that may not reveal, nor for an empty or unmasked value', () => {
    const reveal = vi.fn();
    const { rerender } = render(<MaskedPhone value="139****2451" canReveal={false} reveal={reveal} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<MaskedPhone value="" canReveal reveal={reveal} />);
    expect(screen.getByText('--')).toBeTruthy();
    rerender(<MaskedPhone value="1234567" canReveal reveal={reveal} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(reveal).not.toHaveBeenCalled();
  });

  it('stays masked when the server refuses', async () => {
    const reveal = vi.fn().mockRejectedValue(new Error('没有查看完整员工手机号的权限'));
    render(<MaskedPhone value="159****3456" canReveal reveal={reveal} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '查看完整号码' })));
    expect(screen.getByTestId('phone-text').textContent).toBe('159****3456');
  });

  it('the eye of a form input fills the input with the full number', async () => {
    const onRevealed = vi.fn();
    render(<RevealPhoneSuffix value="138****3549" canReveal reveal={async () => '13817263549'} onRevealed={onRevealed} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '查看完整号码' })));
    expect(onRevealed).toHaveBeenCalledWith('13817263549');
  });
});
