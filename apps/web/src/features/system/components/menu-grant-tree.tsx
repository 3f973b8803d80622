import { useMemo } from 'react';
import type { MenuNode } from '@merchant/contracts/permission/session';
import { Button, Checkbox, Empty, Typography } from 'antd';
import { selectAllLabel } from '../../../platform/picker.ts';
import { checkedPages, grantGroups, groupState, menuIdsToSend, pageIdsOf, toggleGrant, type GrantGroup } from '../menu-grant.ts';

interface Props {
  /** Granted page ids. */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The menus the signed-in role may grant. */
  menus: MenuNode[];
  disabled?: boolean;
}

/**
 * The menu-grant tree as a checkable outline: one row per menu folder (its checkbox grants or
 * clears the whole folder, half-checked when partly granted), the folder's pages beside it.
 * The value is the granted page ids.
 */
export function MenuGrantTree({ value, onChange, menus, disabled }: Props) {
  const groups = useMemo(() => grantGroups(menus), [menus]);
  const allPages = useMemo(() => pageIdsOf(menus), [menus]);
  const current = useMemo(() => checkedPages(value ?? [], menus), [value, menus]);
  const checked = useMemo(() => new Set(current), [current]);

  if (menus.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前角色没有可授予的菜单" />;

  const set = (ids: number[], on: boolean) => onChange?.(menuIdsToSend(toggleGrant(current, ids, on), menus));
  const all = current.length === allPages.length;

  const renderGroup = (g: GrantGroup, depth: number) => {
    const state = groupState(g, checked);
    return (
      <div key={g.key} className={depth === 0 ? 'grant-row' : 'grant-row grant-row-nested'} data-testid={`grant-${g.name}`}>
        <div className="grant-head">
          <Checkbox checked={state.all} indeterminate={state.some} disabled={disabled} onChange={(e) => set(g.pageIds, e.target.checked)}>
            {g.name}
          </Checkbox>
          <span className={state.count ? 'grant-count grant-count-on' : 'grant-count'}>
            {state.count}/{g.pageIds.length}
          </span>
        </div>
        <div className="grant-body">
          {g.pages.map((p) => (
            <Checkbox key={p.id} checked={checked.has(p.id)} disabled={disabled} onChange={(e) => set([p.id], e.target.checked)}>
              {p.name}
            </Checkbox>
          ))}
          {g.groups.map((sub) => renderGroup(sub, depth + 1))}
        </div>
      </div>
    );
  };

  return (
    <div className="menu-grant" data-testid="menu-grant">
      <div className="menu-grant-bar">
        <Typography.Text type="secondary">
          已选 <Typography.Text strong>{current.length}</Typography.Text> / {allPages.length} 个页面
        </Typography.Text>
        {disabled ? null : (
          <Button size="small" type="link" onClick={() => onChange?.(all ? [] : allPages)}>
            {selectAllLabel(all)}
          </Button>
        )}
      </div>
      <div className="menu-grant-box">{groups.map((g) => renderGroup(g, 0))}</div>
    </div>
  );
}
