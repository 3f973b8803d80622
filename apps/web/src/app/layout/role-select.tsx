import { App, Select } from 'antd';
import { useSession } from '../../platform/session-store.ts';
import { switchRole } from '../../platform/session-actions.ts';
import { useOptionListWidth, useSelectWidth } from './use-control-width.ts';

/** Role selector of the active organisation (spec §4 changing role). */
export function RoleSelect() {
  const { message } = App.useApp();
  const roles = useSession((s) => s.roleList) ?? [];
  const current = useSession((s) => s.currentRole);
  const names = useSession((s) => s.currentRoleName);
  const selectWidth = useSelectWidth();
  const listWidth = useOptionListWidth();
  if (roles.length === 0) return null;
  const value = current.find((id) => roles.some((r) => r.roleId === id)) ?? roles[0].roleId;
  // The select shows the option's name: size it by that (the stored name may be an older one).
  const label = roles.find((r) => r.roleId === value)?.roleName ?? names[0] ?? '';
  return (
    <Select
      aria-label="角色"
      data-testid="role-select"
      value={value}
      style={{ width: selectWidth(label) }}
      popupMatchSelectWidth={Math.max(selectWidth(label), listWidth(roles.map((r) => r.roleName)))}
      // The whole name on hover (a name past 300 px is cut), the package in the list.
      options={roles.map((r) => ({
        value: r.roleId,
        label: r.roleName,
        title: r.packageName ? `${r.roleName}（${r.packageName}）` : r.roleName,
      }))}
      onChange={(roleId: number) => {
        if (switchRole(roleId)) message.loading({ content: '正在切换角色…', key: 'switch', duration: 0 });
      }}
    />
  );
}
