import { AGREEMENT_ANCHOR, collectionOps, type AgreementRow } from '@merchant/contracts/finance/collection';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tabs, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listLoader, call } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { ACTIONS_KEY, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { COLLECTION_PAGES, deviceDetailPath } from '../collection-paths.ts';
import { AgreementModal } from '../components/agreement-modal.tsx';
import { COLLECTION_KEY, dash, TwoLines, useAgreementRowActions, useCapitalLinks } from '../components/collection-parts.tsx';
import { bpPercent, merchantBp } from '../components/percent.ts';
import { SupplyAgreementList } from '../components/supply-agreement-list.tsx';

const TITLE = COLLECTION_PAGES.agreement.title;

/** 解除 of one agreement: what it says and sends. */
const ROW_ACTIONS = {
  remove: (r: AgreementRow) => call(collectionOps.removeAgreement, { id: r.id, version: r.version }),
  confirmTitle: (r: AgreementRow) => `解除 ${r.deviceCode} 的分账协议？`,
  confirmText: (r: AgreementRow) => `解除后该设备之后的收款不再给柜主 ${r.ownerName} 分成；已分账的订单不变。`,
  removedText: (r: AgreementRow) => `已解除 ${r.deviceCode} 的分账协议`,
};

/** A rate column (basis points as %), right-aligned. */
const rateColumn = (key: string, title: string, over: Partial<ListColumn<AgreementRow>> = {}): ListColumn<AgreementRow> => ({
  key,
  title,
  width: 110,
  align: 'right',
  render: (v) => bpPercent(v),
  ...over,
});

interface ColumnOptions {
  capitalLink: (partyCode: string) => string | null;
  deviceLink: boolean;
  /** The 操作 column, when the role may change agreements. */
  actions: ((row: AgreementRow) => ReactNode) | null;
}

/**
 * The agreement list's one column definition (DESIGN §8): table, search form (设备编号, 柜主账户) and the export's filters.
 * 商户所得 is what the three shares leave of a sale.
 */
export function agreementColumns({ capitalLink, deviceLink, actions }: ColumnOptions): ListColumn<AgreementRow>[] {
  const columns: ListColumn<AgreementRow>[] = [
    {
      key: 'deviceCode',
      title: '设备编号',
      width: 150,
      keyColumn: true,
      sortable: true,
      render: (v) => (deviceLink ? <Link to={deviceDetailPath(String(v))}>{String(v)}</Link> : dash(v)),
      search: { type: 'text', maxLength: 20, order: 0, toParam: (v) => String(v).toUpperCase() },
    },
    { key: 'deviceName', title: '设备名称', width: 150, ellipsis: true, render: dash },
    { key: 'pointName', title: '点位', width: 150, ellipsis: true, render: dash },
    {
      key: 'ownerName',
      title: '柜主',
      width: 190,
      render: (v, r) => {
        const to = capitalLink(r.ownerPartyCode);
        return (
          <TwoLines
            top={
              <Space size={6}>
                {dash(v)}
                <Typography.Text type="secondary">{r.ownerPhone}</Typography.Text>
              </Space>
            }
            bottom={to ? <Link to={to}>{r.ownerPartyCode}</Link> : r.ownerPartyCode}
          />
        );
      },
    },
    {
      key: 'ownerPartyCode',
      title: '柜主账户',
      hideInTable: true,
      search: {
        type: 'text',
        maxLength: 10,
        placeholder: '柜主账户编号，如 FP00000001',
        order: 1,
        toParam: (v) => String(v).toUpperCase(),
      },
    },
    rateColumn('ownerBp', '柜主分成', { sortable: true }),
    rateColumn('pointBp', '点位佣金'),
    rateColumn('feeBp', '平台手续费', { width: 120 }),
    {
      key: 'merchantBp',
      title: '商户所得',
      width: 110,
      align: 'right',
      render: (_v, r) => bpPercent(merchantBp(r.ownerBp, r.pointBp, r.feeBp)),
    },
    { key: 'remark', title: '备注', width: 180, ellipsis: true, render: dash },
    timeColumn<AgreementRow>('updatedAt', '更新时间', { sortable: true }),
  ];
  if (actions) columns.push({ key: ACTIONS_KEY, title: '操作', width: 120, render: (_v, r) => actions(r) });
  return columns;
}

/**
 * 设备分账: per device, the cabinet owner who takes a share of its sales (the owner's name, masked mobile and account,
 * leading to its detail) and the rates — the owner's share, the point's commission, the platform fee and what the
 * merchant keeps —, searched by 设备编号 and 柜主账户; 新增协议 and 编辑 (one form), 解除 (confirmed); 导出.
 */
function DeviceAgreementList() {
  const mayEdit = useHasAnchor(AGREEMENT_ANCHOR);
  const deviceLink = useHasAnchor('device-list');
  const capital = useCapitalLinks();
  const [editing, setEditing] = useState<AgreementRow | 'new' | null>(null);
  const actions = useAgreementRowActions<AgreementRow>(mayEdit, { ...ROW_ACTIONS, onEdit: setEditing });
  const columns = useMemo(() => agreementColumns({ capitalLink: capital.detail, deviceLink, actions }), [capital, deviceLink, actions]);

  return (
    <>
      <QueryList<AgreementRow>
        queryKey={[...COLLECTION_KEY, 'agreements']}
        request={listLoader(collectionOps.agreements)}
        columns={columns}
        rowKey="id"
        title={TITLE}
        testId="agreement-list"
        toolbar={
          mayEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增协议
            </Button>
          ) : null
        }
        exportable={{ operation: collectionOps.agreements, exportName: TITLE }}
        emptyText="还没有分账协议：设备的销售全部归商户"
      />
      {editing ? <AgreementModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

const TABS = { device: '设备分账', supply: '供应商代销' } as const;
type Tab = keyof typeof TABS;

/**
 * collection-setting-agreement — 分账协议, two tabs: 设备分账 (a cabinet owner's share of a device's sales, see
 * DeviceAgreementList) and 供应商代销 (a supplier's settlement price per unit of a merchant's SKU it consigns, paid out
 * of every later sale's split: SupplyAgreementList, on the same anchor). The tab is kept in the address (?tab=supply);
 * 设备分账 by default.
 */
export default function AgreementPage() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'supply' ? 'supply' : 'device';
  const select = (key: string) => {
    const next = new URLSearchParams(search);
    if (key === 'device') next.delete('tab');
    else next.set('tab', key);
    setSearch(next, { replace: true });
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={select}
      items={(Object.keys(TABS) as Tab[]).map((key) => ({
        key,
        label: TABS[key],
        children: key === 'device' ? <DeviceAgreementList /> : <SupplyAgreementList />,
      }))}
      destroyOnHidden
    />
  );
}
