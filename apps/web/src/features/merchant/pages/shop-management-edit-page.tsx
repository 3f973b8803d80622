import { STORE_STATUS, type StoreChangeRecord, storeOps, WEEKDAYS } from '@merchant/contracts/merchant/store';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Card, Descriptions, Dropdown, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ExportButton } from '../../../platform/list/export-button.tsx';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { call } from '../../../platform/call.ts';
import { formatFieldValue } from '@merchant/contracts/merchant/field-value';
import { StoreTag } from '../components/status-tag.tsx';

const backToList = <Link to="/website/basic/shop-management-list">返回门店列表</Link>;

/** shop-management-edit/:storeCode?: a store's information, status actions and every change with before/after. */
export default function ShopManagementEditPage() {
  const { storeCode } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const store = useQuery({
    queryKey: ['merchant', 'store', storeCode],
    queryFn: () => call(storeOps.detail, { storeCode: storeCode! }),
    enabled: Boolean(storeCode),
  });
  const records = useQuery({
    queryKey: ['merchant', 'store-records', storeCode, page],
    queryFn: () => call(storeOps.changeRecords, { storeCode: storeCode!, pageNum: page.pageNum, pageSize: page.pageSize }),
    enabled: Boolean(store.data),
    placeholderData: (prev) => prev,
  });

  if (!storeCode) return <Result status="info" title="请选择要查看的门店" extra={backToList} />;
  if (store.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const s = store.data;
  if (!s) return <Result status="warning" title="门店不存在" extra={backToList} />;

  const changeStatus = (status: number) =>
    modal.confirm({
      title: `确认将门店设为“${STORE_STATUS[status as keyof typeof STORE_STATUS]}”？`,
      okButtonProps: { danger: status !== 1 },
      onOk: async () => {
        await call(storeOps.setStatus, { storeCode: s.storeCode, status });
        message.success('门店状态已更新');
        await queryClient.invalidateQueries({ queryKey: ['merchant'] });
      },
    });

  const columns: ColumnsType<StoreChangeRecord> = [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
    {
      title: '类型',
      dataIndex: 'changeTypeName',
      width: 100,
      render: (v: string, r) => (
        <Tag color={r.changeType === 'create' ? 'blue' : r.changeType === 'status' ? 'orange' : 'default'}>{v}</Tag>
      ),
    },
    {
      title: '变更内容',
      dataIndex: 'changes',
      render: (changes: StoreChangeRecord['changes'], r) =>
        r.changeType === 'create' ? (
          <Typography.Text type="secondary">创建门店（{changes.length}项信息）</Typography.Text>
        ) : (
          <Space orientation="vertical" size={2}>
            {changes.map((c) => (
              <span key={c.field}>
                <Typography.Text strong>{c.label}</Typography.Text>：
                <Typography.Text delete type="secondary">
                  {formatFieldValue(c.field, c.before)}
                </Typography.Text>
                {' → '}
                <Typography.Text>{formatFieldValue(c.field, c.after)}</Typography.Text>
              </span>
            ))}
          </Space>
        ),
    },
    { title: '操作人', dataIndex: 'operatorName', width: 120 },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {s.name}
            <StoreTag status={s.status} />
          </Space>
        }
        extra={
          <Space>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`/website/basic/shop-management-add/edit/${s.storeCode}`)}
            >
              编辑门店
            </Button>
            <Button icon={<CopyOutlined />} onClick={() => navigate(`/website/basic/shop-management-add/add/${s.storeCode}`)}>
              复制为新门店
            </Button>
            <Dropdown
              menu={{
                items: Object.entries(STORE_STATUS)
                  .filter(([v]) => Number(v) !== s.status)
                  .map(([v, l]) => ({ key: v, label: `设为${l}`, danger: Number(v) === 3 })),
                onClick: ({ key }) => changeStatus(Number(key)),
              }}
            >
              <Button>
                营业状态 <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, sm: 2, xl: 3 }}
          items={[
            { key: 'code', label: '门店编号', children: s.storeCode },
            { key: 'cat', label: '门店分类', children: s.categoryName },
            { key: 'tags', label: '门店标签', children: s.tagNames.length ? s.tagNames.map((t) => <Tag key={t}>{t}</Tag>) : '--' },
            { key: 'contact', label: '联系人', children: s.contactName },
            // shop-management-list (this page's anchor) is where the number is edited: its holders may reveal it
            {
              key: 'phone',
              label: '联系电话',
              children: (
                <MaskedPhone
                  value={s.contactPhone}
                  canReveal
                  reveal={() => call(phoneRevealOps.reveal, { kind: 'store', id: s.id }).then((r) => r.phone)}
                />
              ),
            },
            { key: 'staff', label: '门店员工', children: `${s.staffCount} 人` },
            { key: 'region', label: '所在地区', children: [s.province, s.city, s.district].filter(Boolean).join(' ') },
            { key: 'address', label: '详细地址', span: 2, children: s.address },
            { key: 'coord', label: '经纬度', children: `${s.lng.toFixed(6)}, ${s.lat.toFixed(6)}（GCJ-02）` },
            { key: 'hours', label: '营业时间', children: s.businessHours },
            {
              key: 'days',
              label: '营业日',
              children: s.businessDays.length === 7 ? '每天' : s.businessDays.map((d) => WEEKDAYS[d as keyof typeof WEEKDAYS]).join('、'),
            },
            { key: 'created', label: '创建时间', children: formatDateTime(s.createdAt) },
            { key: 'updated', label: '最近修改', children: formatDateTime(s.updatedAt) },
            { key: 'remark', label: '备注', span: 'filled', children: s.remark || '--' },
          ]}
        />
      </Card>
      <Card
        variant="borderless"
        title="变更记录"
        extra={
          <ExportButton
            operation={storeOps.changeRecords}
            exportName={`${s.name}变更记录`}
            body={() => ({ storeCode: s.storeCode })}
            disabled={!records.data?.total}
            disabledReason={records.data ? '暂无变更记录' : undefined}
          />
        }
      >
        <Table<StoreChangeRecord>
          rowKey="id"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={records.isFetching}
          onChange={(p) => setPage({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
          pagination={{ current: page.pageNum, pageSize: page.pageSize, total: records.data?.total ?? 0, showTotal: (t) => `共 ${t} 条` }}
        />
      </Card>
    </Space>
  );
}
