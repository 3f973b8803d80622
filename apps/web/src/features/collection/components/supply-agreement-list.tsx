import { SUPPLY_AGREEMENT_ANCHOR, supplyAgreementOps, type SupplyAgreementRow } from '@merchant/contracts/finance/supply-agreement';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ACTIONS_KEY, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { COLLECTION_KEY, dash, TwoLines, useAgreementRowActions, useCapitalLinks, yuan } from './collection-parts.tsx';
import { SupplyAgreementModal } from './supply-agreement-modal.tsx';

/** 解除 of one agreement: what it says and sends. */
const ROW_ACTIONS = {
  remove: (r: SupplyAgreementRow) => call(supplyAgreementOps.remove, { id: r.id, version: r.version }),
  confirmTitle: (r: SupplyAgreementRow) => `解除 ${r.skuCode} 的代销协议？`,
  confirmText: (r: SupplyAgreementRow) => `解除后该SKU之后的销售不再给供应商 ${r.supplierName} 分账；已分账的订单不变。`,
  removedText: (r: SupplyAgreementRow) => `已解除 ${r.skuCode} 的代销协议`,
};

/** The list's title and its export's name. */
export const SUPPLY_AGREEMENT_TITLE = '供应商代销协议';

/** A money column in 元 (two decimals), right-aligned. */
const moneyColumn = (key: string, title: string, over: Partial<ListColumn<SupplyAgreementRow>> = {}): ListColumn<SupplyAgreementRow> => ({
  key,
  title: `${title}（元）`,
  width: 120,
  align: 'right',
  render: (v) => yuan(v),
  ...over,
});

interface ColumnOptions {
  capitalLink: (partyCode: string) => string | null;
  /** The 操作 column, when the role may change agreements. */
  actions: ((row: SupplyAgreementRow) => ReactNode) | null;
}

/**
 * The 供应商代销 list's one column definition (DESIGN §8): table, search form (a keyword on the merchant's SKU: code,
 * name or barcode) and the export's filters; sortable where the contract sorts (SKU, 代销结算价, 更新时间).
 */
export function supplyAgreementColumns({ capitalLink, actions }: ColumnOptions): ListColumn<SupplyAgreementRow>[] {
  const columns: ListColumn<SupplyAgreementRow>[] = [
    {
      key: 'skuCode',
      title: 'SKU',
      width: 200,
      keyColumn: true,
      sortable: true,
      render: (v, r) => <TwoLines top={dash(v)} bottom={r.skuName} />,
      search: {
        type: 'text',
        name: 'keyword',
        label: '商品',
        placeholder: 'SKU编码、名称或条码',
        maxLength: 40,
        order: 0,
      },
    },
    { key: 'barcode', title: '条码', width: 150, render: dash },
    {
      key: 'supplierName',
      title: '供应商',
      width: 220,
      render: (v, r) => {
        const to = capitalLink(r.supplierPartyCode);
        const account = r.supplierPartyCode ? to ? <Link to={to}>{r.supplierPartyCode}</Link> : r.supplierPartyCode : null;
        return (
          <TwoLines
            top={
              <Space size={6}>
                {dash(v)}
                <Typography.Text type="secondary">{r.supplierCode}</Typography.Text>
              </Space>
            }
            bottom={account}
          />
        );
      },
    },
    { key: 'supplySkuCode', title: '供应链SKU', width: 150, render: dash },
    moneyColumn('purchasePrice', '采购价'),
    moneyColumn('unitPrice', '代销结算价', { width: 140, sortable: true }),
    moneyColumn('basePrice', '售价'),
    { key: 'remark', title: '备注', width: 180, ellipsis: true, render: dash },
    timeColumn<SupplyAgreementRow>('updatedAt', '更新时间', { sortable: true }),
  ];
  if (actions) columns.push({ key: ACTIONS_KEY, title: '操作', width: 120, render: (_v, r) => actions(r) });
  return columns;
}

/**
 * 分账协议's 供应商代销 tab: the merchant's SKUs a supplier consigns — the SKU, its barcode, the supplier (its account
 * leading to its detail), the supplier's supply SKU and 采购价, the 代销结算价 paid per unit sold and the SKU's 售价 —,
 * searched by the SKU's code, name or barcode; 新增代销协议 and 编辑 (one form), 解除 (confirmed); 导出.
 */
export function SupplyAgreementList() {
  const mayEdit = useHasAnchor(SUPPLY_AGREEMENT_ANCHOR);
  const capital = useCapitalLinks();
  const [editing, setEditing] = useState<SupplyAgreementRow | 'new' | null>(null);
  const actions = useAgreementRowActions<SupplyAgreementRow>(mayEdit, { ...ROW_ACTIONS, onEdit: setEditing });
  const columns = useMemo(() => supplyAgreementColumns({ capitalLink: capital.detail, actions }), [capital, actions]);

  return (
    <>
      <QueryList<SupplyAgreementRow>
        queryKey={[...COLLECTION_KEY, 'supply-agreements']}
        request={listLoader(supplyAgreementOps.list)}
        columns={columns}
        rowKey="id"
        title={SUPPLY_AGREEMENT_TITLE}
        testId="supply-agreement-list"
        toolbar={
          mayEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增代销协议
            </Button>
          ) : null
        }
        exportable={{ operation: supplyAgreementOps.list, exportName: SUPPLY_AGREEMENT_TITLE }}
        emptyText="还没有代销协议：商品的销售不给供应商分账"
      />
      {editing ? <SupplyAgreementModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
