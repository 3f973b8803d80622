import { App, Select } from 'antd';
import { useSession } from '../../platform/session-store.ts';
import { switchRole } from '../../platform/session-actions.ts';
import { selectorWidth } from '../../platform/picker.ts';

/** Role selector of the active organisation (spec §4 changing role). */
export function RoleSelect() {
  const { message } = App.useApp();
  const roles = useSession((s) => s.roleList) ?? [];
  const current = useSession((s) => s.currentRole);
  const names = useSession((s) => s.currentRoleName);
  if (roles.length === 0) return null;
  const value = current.find((id) => roles.some((r) => r.roleId === id)) ?? roles[0].roleId;
  const label = names[0] ?? roles.find((r) => r.roleId === value)?.roleName ?? '';
  const widest = roles.reduce((w, r) => Math.max(w, selectorWidth(r.roleName, 3)), selectorWidth(label, 3));
  return (
    <Select
      aria-label="角色"
      data-testid="role-select"
      value={value}
      style={{ width: selectorWidth(label, 3) }}
      popupMatchSelectWidth={widest}
      options={roles.map((r) => ({ value: r.roleId, label: r.roleName, title: r.packageName || r.roleName }))}
      onChange={(roleId: number) => {
        if (switchRole(roleId)) message.loading({ content: '正在切换角色…', key: 'switch', duration: 0 });
      }}
    />
  );
}
