import {
  BULLETIN_DISPLAY,
  BULLETIN_TYPES,
  bulletinDetailPath,
  bulletinOps,
  type BulletinRow,
} from '@merchant/contracts/device/point-bulletin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { BulletinFormModal } from '../components/bulletin-form-modal.tsx';
import { BulletinStatusTag } from '../components/point-busi-tags.tsx';

const KEY = ['bulletin', 'list'] as const;
const options = (m: Record<string, string>) => Object.entries(m).map(([value, label]) => ({ value, label }));
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** point-manage-bulletin (点位公告): notices for all points or chosen ones; 草稿 → 已发布 → 已撤回, 已过期 by date. */
export default function BulletinListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const points = useQuery({ queryKey: ['bulletin', 'points'], queryFn: () => call(bulletinOps.pointOptions) });
  const columns: ListColumn<BulletinRow>[] = [
    { key: 'bulletinCode', title: '公告编号', width: 150, search: { type: 'text', placeholder: '如 GG2611230001' } },
    {
      key: 'title',
      title: '公告标题',
      width: 240,
      ellipsis: true,
      search: { type: 'text' },
      render: (_v, r) => <Link to={bulletinDetailPath(r)}>{r.title}</Link>,
    },
    {
      key: 'bulletinType',
      title: '类型',
      dataIndex: 'bulletinTypeName',
      width: 90,
      search: { type: 'select', options: options(BULLETIN_TYPES) },
    },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'display',
      width: 90,
      render: (v) => <BulletinStatusTag display={Number(v)} />,
      search: { type: 'select', options: Object.entries(BULLETIN_DISPLAY).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    { key: 'startDate', title: '开始日期', width: 110, sortable: true },
    { key: 'endDate', title: '结束日期', width: 110, render: (v) => String(v || '长期有效') },
    {
      key: 'dateRange',
      title: '生效日期',
      hideInTable: true,
      search: { type: 'dateRange', dates: true },
    },
    {
      key: 'pointId',
      title: '适用点位',
      dataIndex: 'scopeName',
      width: 120,
      render: (_v, r) => (r.scope === 'all' ? '全部点位' : `指定${r.pointCount}个点位`),
      search: {
        type: 'select',
        placeholder: '适用于该点位的公告',
        options: (points.data ?? []).map((p) => ({ value: p.id, label: `${p.pointCode} ${p.name}` })),
      },
    },
    { key: 'creatorName', title: '创建人', width: 100 },
    { key: 'publishedAt', title: '发布时间', width: 170, render: time },
    { key: 'updatedAt', title: '更新时间', width: 170, sortable: true, render: time },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 80,
      render: (_v, r) => <Link to={bulletinDetailPath(r)}>{r.status === 1 ? '处理' : '详情'}</Link>,
    },
  ];

  return (
    <>
      <QueryList<BulletinRow>
        queryKey={KEY}
        request={listLoader(bulletinOps.list)}
        columns={columns}
        rowKey="id"
        title="点位公告"
        exportable={{ operation: bulletinOps.list }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增公告
          </Button>
        }
      />
      {adding && (
        <BulletinFormModal
          onClose={() => setAdding(false)}
          onDone={(id) => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: ['bulletin'] });
            void call(bulletinOps.detail, { id }).then((b) => navigate(bulletinDetailPath(b)));
          }}
        />
      )}
    </>
  );
}
