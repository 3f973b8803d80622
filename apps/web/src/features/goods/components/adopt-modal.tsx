import { goodsOps, MAX_ADOPT, type AdoptableRow } from '@merchant/contracts/goods/goods';
import { useQuery } from '@tanstack/react-query';
import { App, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { centsToYuan } from '../../../shared/format/money.ts';

/** 从标准库选品: standard products not adopted yet, searched and chosen (up to 50), adopted in one go. */
export function AdoptModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const q = useQuery({
    queryKey: ['goods', 'adoptable', keyword, page],
    queryFn: () => call(goodsOps.adoptable, { keyword: keyword || undefined, ...page }),
    enabled: open,
  });
  const close = () => {
    setSelected([]);
    onClose();
  };
  const submit = async () => {
    setSaving(true);
    try {
      const res = await call(goodsOps.adopt, { standardProductIds: selected });
      message.success(`已选入 ${res.goods.length} 个商品`);
      setSelected([]);
      onDone();
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="从标准库选品"
      open={open}
      width={900}
      onCancel={close}
      onOk={() => void submit()}
      okText={`选入商品（${selected.length}）`}
      okButtonProps={{ disabled: selected.length === 0, loading: saving }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder="商品名称、条码或商品编号"
          allowClear
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          aria-label="搜索标准商品"
        />
        <Typography.Text type="secondary">
          已选 {selected.length} 个，一次最多 {MAX_ADOPT} 个；每个标准商品生成一个商品和一个SKU，销售价默认为建议零售价。
        </Typography.Text>
        <Table<AdoptableRow>
          size="small"
          rowKey="standardProductId"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: '没有可选的标准商品' }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected((keys as number[]).slice(0, MAX_ADOPT)),
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          columns={[
            { key: 'goodsNo', title: '商品编号', dataIndex: 'goodsNo', width: 120 },
            { key: 'name', title: '商品名称', dataIndex: 'name' },
            { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 130 },
            { key: 'spec', title: '规格', dataIndex: 'spec', width: 90 },
            { key: 'categoryPath', title: '分类', dataIndex: 'categoryPath', width: 160 },
            {
              key: 'guidePrice',
              title: '建议零售价（元）',
              dataIndex: 'guidePrice',
              width: 130,
              align: 'right',
              render: (v: number) => centsToYuan(v),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
