import {
  POINT_SCENES,
  POINT_STATUS,
  POINT_TRANSITION_LABELS,
  POINT_TRANSITIONS,
  pointOps,
  type PointRow,
  type PointStatus,
} from '@merchant/contracts/device/point';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { bpText, pointDetailPath, PointStatusTag, RegionCascader } from '../components/point-parts.tsx';
import { TermsModal } from '../components/terms-modal.tsx';
import { useStatusChange } from '../components/use-status-change.ts';

const KEY = ['point', 'manage'] as const;
const statusOptions = Object.entries(POINT_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));
const sceneOptions = Object.entries(POINT_SCENES).map(([v, l]) => ({ value: Number(v), label: l }));

/** point-manage (点位经营): rent, commission, hours, operator and business status of every point. */
export default function PointManagePage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PointRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['point'] });
  const change = useStatusChange(refresh);
  const operators = useQuery({ queryKey: ['point', 'operators'], queryFn: () => call(pointOps.operators), staleTime: 60_000 });

  const columns: ListColumn<PointRow>[] = [
    {
      key: 'pointCode',
      title: '点位编号',
      width: 120,
      sortable: true,
      render: (v, r) => <Link to={pointDetailPath(r.id)}>{String(v)}</Link>,
    },
    { key: 'name', title: '点位名称', width: 200, sortable: true },
    { key: 'keyword', title: '名称/编号', hideInTable: true, search: { type: 'text', placeholder: '点位名称或编号' } },
    { key: 'scene', title: '场景', dataIndex: 'sceneName', width: 90, search: { type: 'select', options: sceneOptions } },
    {
      key: 'region',
      title: '所在地区',
      dataIndex: 'regionText',
      width: 160,
      search: { type: 'custom', render: () => <RegionCascader changeOnSelect placeholder="省 / 市 / 区县" /> },
    },
    { key: 'rentCents', title: '月租金(元)', width: 120, align: 'right', sortable: true, render: (v) => formatMoney(v as number) },
    { key: 'commissionBp', title: '佣金比例', width: 100, align: 'right', sortable: true, render: (v) => bpText(v as number) },
    { key: 'hours', title: '营业时间', width: 120, render: (_v, r) => `${r.openTime}-${r.closeTime}` },
    {
      key: 'operatorId',
      title: '运营人员',
      dataIndex: 'operatorName',
      width: 110,
      search: { type: 'select', options: (operators.data ?? []).map((o) => ({ value: o.id, label: o.name })) },
    },
    { key: 'deviceCount', title: '设备数', width: 80, align: 'right', sortable: true },
    {
      key: 'status',
      title: '营业状态',
      width: 100,
      render: (v) => <PointStatusTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 230,
      render: (_v, r) => (
        <Space size="small">
          <Link to={pointDetailPath(r.id)}>详情</Link>
          {r.status !== 3 && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑经营
            </Button>
          )}
          {(POINT_TRANSITIONS[r.status as PointStatus] ?? [])
            .filter((to) => to !== 3)
            .map((to) => (
              <Button key={to} type="link" size="small" danger={to === 2} onClick={() => change(r, to)}>
                {POINT_TRANSITION_LABELS[to]}
              </Button>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<PointRow>
        queryKey={KEY}
        request={listLoader(pointOps.list)}
        columns={columns}
        rowKey="id"
        title="点位经营"
        exportable={{ operation: pointOps.list }}
      />
      {editing && (
        <TermsModal
          point={editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
