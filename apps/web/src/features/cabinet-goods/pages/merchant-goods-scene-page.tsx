import { editScenePath, TEMPLATE_STATUS, templateAllowed, templateOps, type TemplateRow } from '@merchant/contracts/cabinet-goods/template';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { TemplateStatusTag } from '../components/cabinet-goods-tags.tsx';
import { useModelOptions } from '../components/model-options.ts';

const KEY = ['cabinet-goods', 'template', 'list'] as const;
const time = (v: unknown) => (v ? formatDateTime(v as number) : '--');

/** merchant-goods-scene (商品模板): planograms per cabinet model; 启用 ↔ 停用, delete while never applied. */
export default function MerchantGoodsScenePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const { nameOptions } = useModelOptions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cabinet-goods', 'template'] });
  const step = (r: TemplateRow, action: 'enable' | 'disable' | 'delete') =>
    modal.confirm({
      title: `${action === 'enable' ? '启用' : action === 'disable' ? '停用' : '删除'}模板「${r.name}」？`,
      content:
        action === 'disable'
          ? '停用后不能再应用到设备；已应用的设备商品不变。'
          : action === 'delete'
            ? '删除后不可恢复。'
            : '启用后可以应用到设备。',
      okButtonProps: { danger: action !== 'enable' },
      onOk: async () => {
        await call(templateOps[action], { templateCode: r.templateCode, version: r.version });
        message.success('操作成功');
        await refresh();
      },
    });
  const columns: ListColumn<TemplateRow>[] = [
    {
      key: 'templateCode',
      title: '模板编号',
      width: 150,
      search: { type: 'text', placeholder: '如 MB2611230001' },
      render: (v, r) => <Link to={editScenePath(r.templateCode)}>{String(v)}</Link>,
    },
    { key: 'name', title: '模板名称', width: 220, ellipsis: true, search: { type: 'text' } },
    { key: 'modelCode', title: '柜型', dataIndex: 'modelName', width: 120, search: { type: 'select', options: nameOptions } },
    { key: 'zoneName', title: '温区', width: 70 },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <TemplateStatusTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(TEMPLATE_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    { key: 'slotCount', title: '货道数', width: 80, align: 'right' },
    { key: 'skuCount', title: 'SKU数', width: 80, align: 'right' },
    { key: 'deviceCount', title: '应用设备数', width: 100, align: 'right' },
    { key: 'lastAppliedAt', title: '最近应用', width: 170, render: time },
    { key: 'creatorName', title: '创建人', width: 100 },
    { key: 'updatedAt', title: '更新时间', width: 170, sortable: true, render: time },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 170,
      render: (_v, r) => (
        <Space size={4}>
          <Link to={editScenePath(r.templateCode)}>编辑/应用</Link>
          {templateAllowed('disable', r.status) ? (
            <Button type="link" size="small" onClick={() => step(r, 'disable')}>
              停用
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => step(r, 'enable')}>
              启用
            </Button>
          )}
          {r.lastAppliedAt === null ? (
            <Button type="link" size="small" danger onClick={() => step(r, 'delete')}>
              删除
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <QueryList<TemplateRow>
      queryKey={KEY}
      request={listLoader(templateOps.list)}
      columns={columns}
      rowKey="templateCode"
      title="商品模板"
      exportable={{ operation: templateOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/website/merchant-goods-management/add-scene-page')}>
          新增模板
        </Button>
      }
    />
  );
}
