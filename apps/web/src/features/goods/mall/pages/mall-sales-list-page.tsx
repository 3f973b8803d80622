import { mallSkuOps, type MallSkuRow } from '@merchant/contracts/mall/mall-sku';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, listLoader } from '../../../../platform/call.ts';
import { QueryList } from '../../../../platform/list/query-list.tsx';
import { RecordHistory } from '../../../../platform/record-history.tsx';
import { centsToYuan } from '../../../../shared/format/money.ts';
import type { ListColumn } from '../../../../shared/ui/list/list-columns.ts';
import { categoryOptions, useCategoryTree } from '../../components/category-tree.ts';
import { LockableAction } from '../../../../shared/ui/row-actions.tsx';
import { MallStatusTag, mallStatusOptions, TierList } from '../components/mall-parts.tsx';
import { wholesalePath } from './mall-sku-list-page.tsx';

const KEY = ['mall', 'sales-list'] as const;

/**
 * mall-salesmanagement-list (销售管理): 上架/下架 of mall SKUs in the wholesale mall, per row or for the ticked rows
 * (all or nothing, confirmed first). A SKU of a 下架 mall SPU cannot go on sale.
 */
export default function MallSalesListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const [selected, setSelected] = useState<Map<number, MallSkuRow>>(new Map());
  const [historyOf, setHistoryOf] = useState<MallSkuRow | null>(null);

  const toggle = (r: MallSkuRow, on: boolean) =>
    setSelected((m) => {
      const next = new Map(m);
      if (on) next.set(r.mallSkuId, r);
      else next.delete(r.mallSkuId);
      return next;
    });

  const apply = async (rows: MallSkuRow[], status: number) => {
    await call(mallSkuOps.setStatus, { status, items: rows.map((r) => ({ mallSkuId: r.mallSkuId, version: r.version })) });
    message.success(`已${status === 1 ? '上架' : '下架'} ${rows.length} 个SKU`);
    setSelected(new Map());
    await queryClient.invalidateQueries({ queryKey: ['mall'] });
  };
  const confirmOne = (r: MallSkuRow, status: number) =>
    modal.confirm({
      title: `确认在批发商城${status === 1 ? '上架' : '下架'}“${r.name}”？`,
      okButtonProps: { danger: status === 2 },
      onOk: () => apply([r], status),
    });
  const confirmBulk = (status: number) => {
    const all = [...selected.values()];
    const rows = all.filter((r) => (status === 1 ? r.status === 2 && r.mallGoodsStatus === 1 : r.status === 1));
    if (rows.length === 0) {
      message.warning(status === 1 ? '所选SKU均已上架或所属商品已下架' : '所选SKU均已下架');
      return;
    }
    const skipped = all.length - rows.length;
    modal.confirm({
      title: `确认批量${status === 1 ? '上架' : '下架'} ${rows.length} 个SKU？`,
      content: skipped > 0 ? `另有 ${skipped} 个所选SKU无需${status === 1 ? '上架' : '下架'}，将跳过。` : undefined,
      okButtonProps: { danger: status === 2 },
      onOk: () => apply(rows, status),
    });
  };

  const columns: ListColumn<MallSkuRow>[] = [
    {
      key: 'pick',
      title: '选择',
      width: 60,
      render: (_v, r) => (
        <Checkbox aria-label={`选择${r.name}`} checked={selected.has(r.mallSkuId)} onChange={(e) => toggle(r, e.target.checked)} />
      ),
    },
    {
      key: 'skuCode',
      title: 'SKU编码',
      width: 120,
      sortable: true,
      render: (v, r) => <Link to={wholesalePath(r, 'view')}>{String(v)}</Link>,
    },
    { key: 'keyword', title: '关键词', hideInTable: true, search: { type: 'text', placeholder: 'SKU名称、编码或条码', order: 0 } },
    { key: 'name', title: 'SKU名称', width: 240, ellipsis: true },
    { key: 'barcode', title: 'SKU条码', width: 140 },
    { key: 'tiers', title: '批发阶梯价', width: 170, render: (_v, r) => <TierList tiers={r.priceTiers} unit={r.saleUnit} /> },
    { key: 'basePrice', title: '起批单价（元）', width: 120, align: 'right', sortable: true, render: (v) => centsToYuan(v as number) },
    {
      key: 'categoryId',
      title: '商品分类',
      dataIndex: 'categoryPath',
      width: 180,
      search: { type: 'treeSelect', placeholder: '全部分类（含下级）', treeData: categoryOptions(tree.data) },
    },
    {
      key: 'status',
      title: '销售状态',
      width: 150,
      search: { type: 'select', options: mallStatusOptions },
      render: (v, r) => (
        <Space size={4}>
          <MallStatusTag status={Number(v)} />
          {r.mallGoodsStatus !== 1 && <Typography.Text type="secondary">商品已下架</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 150,
      render: (_v, r) => (
        <Space size={0}>
          {r.status === 1 ? (
            <Button type="link" size="small" danger onClick={() => confirmOne(r, 2)}>
              下架
            </Button>
          ) : (
            <LockableAction
              locked={r.mallGoodsStatus !== 1 ? '所属商城商品已下架，请先在标准商品中上架' : null}
              onClick={() => confirmOne(r, 1)}
            >
              上架
            </LockableAction>
          )}
          <Button type="link" size="small" onClick={() => setHistoryOf(r)}>
            操作记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<MallSkuRow>
        queryKey={KEY}
        paging="keyset"
        request={listLoader(mallSkuOps.list)}
        columns={columns}
        rowKey="mallSkuId"
        title="批发商城销售管理"
        exportable={{ operation: mallSkuOps.list }}
        toolbar={
          <Space>
            <span data-testid="picked-count">已选 {selected.size} 项</span>
            <Button disabled={selected.size === 0} onClick={() => setSelected(new Map())}>
              清空
            </Button>
            <Button type="primary" disabled={selected.size === 0} onClick={() => confirmBulk(1)}>
              批量上架
            </Button>
            <Button danger disabled={selected.size === 0} onClick={() => confirmBulk(2)}>
              批量下架
            </Button>
          </Space>
        }
      />
      <Drawer
        open={historyOf !== null}
        title={historyOf ? `操作记录：${historyOf.name}` : ''}
        size={640}
        onClose={() => setHistoryOf(null)}
        destroyOnHidden
      >
        {historyOf && <RecordHistory operation={mallSkuOps.history} input={{ mallSkuId: historyOf.mallSkuId }} queryKey={KEY} />}
      </Drawer>
    </>
  );
}
