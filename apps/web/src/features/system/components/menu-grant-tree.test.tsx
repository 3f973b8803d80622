import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { MenuGrantTree } from './menu-grant-tree.tsx';
import { node } from '../../../test/fixtures.ts';

const m = (id: number, name: string, menuType: 1 | 2, children: MenuNode[] = []): MenuNode =>
  node({ id, name, menuType, sort: id, anchor: `a${id}`, children });
const menus = [
  m(1999, '首页', 2),
  m(104, '订单管理', 1, [m(10401, '线上零售订单', 2), m(10402, '批发订单', 2)]),
  m(115, '用户管理', 1, [m(11503, '账号管理', 2)]),
];

function Harness({ initial, onChange }: { initial: number[]; onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MenuGrantTree
      menus={menus}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('MenuGrantTree', () => {
  afterEach(() => cleanup());

  it('shows the grant, with a folder half-checked when partly granted', () => {
    render(<Harness initial={[104, 10401]} onChange={() => undefined} />);
    expect(box('线上零售订单').checked).toBe(true);
    expect(box('批发订单').checked).toBe(false);
    expect(box('订单管理').closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
    expect(screen.getByText('1/2')).toBeTruthy();
  });

  it('a folder checkbox grants or clears all its pages; only page ids come out', () => {
    const onChange = vi.fn();
    render(<Harness initial={[]} onChange={onChange} />);
    fireEvent.click(box('订单管理'));
    expect(onChange).toHaveBeenLastCalledWith([10401, 10402]);
    fireEvent.click(box('账号管理'));
    expect(onChange).toHaveBeenLastCalledWith([10401, 10402, 11503]);
    fireEvent.click(box('订单管理'));
    expect(onChange).toHaveBeenLastCalledWith([11503]);
  });

  it('selects all and none', () => {
    const onChange = vi.fn();
    render(<Harness initial={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /^全\s*选$/ }));
    expect(onChange).toHaveBeenLastCalledWith([1999, 10401, 10402, 11503]);
    // The spec's words, as in the channel picker: 全选 / 取消全选 (not 全不选).
    expect(screen.queryByRole('button', { name: /全不选/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('is read only when disabled', () => {
    render(<MenuGrantTree menus={menus} value={[1999]} disabled />);
    expect(box('首页').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /全\s*选/ })).toBeNull();
  });
});
