import { STORE_STATUS, storeOps, type StoreRow } from '@merchant/contracts/merchant/store';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { App, Button, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { StoreTag } from '../components/status-tag.tsx';

const KEY = ['merchant', 'stores'] as const;
const statusOptions = Object.entries(STORE_STATUS).map(([v, l]) => ({ value: Number(v), label: l }));

/** shop-management-list: stores with search, paging, status changes. */
export default function ShopManagementListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: ['merchant', 'store-categories'],
    queryFn: () => call(storeOps.categories),
    staleTime: Infinity,
  });
  const tags = useQuery({ queryKey: ['merchant', 'store-tags'], queryFn: () => call(storeOps.tags), staleTime: Infinity });

  const changeStatus = (row: StoreRow, status: number) =>
    modal.confirm({
      title: `确认将“${row.name}”设为${STORE_STATUS[status as keyof typeof STORE_STATUS]}？`,
      content: status === 3 ? '闭店后门店不再营业，可在详情页恢复。' : undefined,
      okButtonProps: { danger: status !== 1 },
      onOk: async () => {
        await call(storeOps.setStatus, { storeCode: row.storeCode, status });
        message.success('门店状态已更新');
        await queryClient.invalidateQueries({ queryKey: KEY });
      },
    });

  const columns: ListColumn<StoreRow>[] = [
    {
      key: 'storeCode',
      title: '门店编号',
      width: 140,
      sortable: true,
      search: { type: 'text', placeholder: '如 MD2611210375' },
      render: (v) => <Link to={`/website/basic/shop-management-edit/${String(v)}`}>{String(v)}</Link>,
    },
    { key: 'name', title: '门店名称', width: 200, sortable: true, search: { type: 'text', placeholder: '门店名称关键字' } },
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (v) => <StoreTag status={Number(v)} />,
      search: { type: 'select', options: statusOptions },
    },
    {
      key: 'categoryCode',
      title: '门店分类',
      dataIndex: 'categoryName',
      width: 150,
      search: {
        type: 'treeSelect',
        placeholder: '全部分类',
        treeData: (categories.data ?? []).map((c) => ({
          title: c.name,
          value: c.code,
          children: (c.children ?? []).map((x) => ({ title: x.name, value: x.code })),
        })),
      },
    },
    {
      key: 'tagCode',
      title: '标签',
      dataIndex: 'tagNames',
      width: 200,
      render: (v) =>
        (v as string[]).length ? (
          <Space size={[0, 4]} wrap>
            {(v as string[]).map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </Space>
        ) : (
          '--'
        ),
      search: { type: 'select', label: '门店标签', options: (tags.data ?? []).map((t) => ({ value: t.code, label: t.name })) },
    },
    {
      key: 'city',
      title: '所在地区',
      width: 160,
      render: (_v, r) => [r.city, r.district].filter(Boolean).join(' '),
      search: { type: 'text', label: '城市', placeholder: '如 上海市' },
    },
    { key: 'address', title: '详细地址', width: 220, ellipsis: true },
    { key: 'businessHours', title: '营业时间', width: 150 },
    { key: 'contactName', title: '联系人', width: 90 },
    { key: 'contactPhone', title: '联系电话', width: 130 },
    { key: 'staffCount', title: '员工数', width: 80, align: 'right' },
    { key: 'createdAt', title: '创建时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 200,
      render: (_v, r) => (
        <Space size={4}>
          <Link to={`/website/basic/shop-management-edit/${r.storeCode}`}>详情</Link>
          <Typography.Text type="secondary">|</Typography.Text>
          <Link to={`/website/basic/shop-management-add/edit/${r.storeCode}`}>编辑</Link>
          <Typography.Text type="secondary">|</Typography.Text>
          {r.status === 1 ? (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => changeStatus(r, 2)}>
              暂停营业
            </Button>
          ) : (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => changeStatus(r, 1)}>
              恢复营业
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <QueryList<StoreRow>
      queryKey={KEY}
      request={listLoader(storeOps.list)}
      columns={columns}
      rowKey="id"
      title="门店列表"
      exportable={{ operation: storeOps.list }}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/website/basic/shop-management-add/add')}>
          新增门店
        </Button>
      }
    />
  );
}
