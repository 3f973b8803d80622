import { useMemo, useState } from 'react';
import { App, Cascader } from 'antd';
import type { OrgTreeNode } from '@merchant/contracts/permission/session';
import { useSession } from '../../platform/session-store.ts';
import { switchOrganization } from '../../platform/session-actions.ts';
import { findOrg } from '../../platform/session-load.ts';
import { useSelectWidth } from './use-control-width.ts';

interface OrgOption {
  value: number;
  label: string;
  children?: OrgOption[];
  hasRoles: boolean;
}

function toOptions(nodes: OrgTreeNode[]): OrgOption[] {
  return nodes.map((n) => ({
    value: n.orgId,
    label: n.orgName,
    hasRoles: (n.roleList ?? []).length > 0,
    ...(n.orgList?.length ? { children: toOptions(n.orgList) } : {}),
  }));
}

/**
 * Organisation cascader. Any level can be picked; the choice is applied when the popup closes
 * (clicking through parents to reach a child must not reload the page on the way).
 */
export function OrgCascader() {
  const { message } = App.useApp();
  const tree = useSession((s) => s.selectTree);
  const current = useSession((s) => s.currentOrganization);
  const options = useMemo(() => toOptions(tree), [tree]);
  const [pending, setPending] = useState<number[] | null>(null);
  const selectWidth = useSelectWidth();
  const value = pending ?? current;
  const label = findOrg(tree, value[value.length - 1] ?? -1)?.node.orgName ?? '选择组织';

  const commit = () => {
    const next = pending;
    setPending(null);
    if (!next || next.join(',') === current.join(',')) return;
    if (!switchOrganization(next)) message.warning('该组织下没有可用角色，请选择其他组织');
    else message.loading({ content: '正在切换组织…', key: 'switch', duration: 0 });
  };

  if (options.length === 0) return null;
  return (
    <Cascader
      aria-label="组织"
      data-testid="org-cascader"
      options={options}
      value={value}
      allowClear={false}
      changeOnSelect
      expandTrigger="click"
      displayRender={(labels) => labels[labels.length - 1]}
      style={{ width: selectWidth(label) }}
      onChange={(v) => setPending((v as number[] | undefined) ?? null)}
      onOpenChange={(open) => {
        if (!open) commit();
      }}
      optionRender={(o) => <span className={(o as OrgOption).hasRoles ? undefined : 'org-option-no-role'}>{(o as OrgOption).label}</span>}
    />
  );
}
