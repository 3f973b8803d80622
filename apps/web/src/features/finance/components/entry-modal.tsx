import { capitalOps, type EntryDetail } from '@merchant/contracts/finance/capital';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Skeleton, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '../../../platform/call.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { centsToYuan } from '../../../shared/format/money.ts';
import { capitalDetailPath } from '../finance-paths.ts';
import { dash, EntryTypeTag, exactYuan, SignedMoney } from './finance-parts.tsx';
import { useOrderLink } from '../../../platform/use-order-link.ts';

type Line = EntryDetail['lines'][number];

/**
 * 记账凭证 (capital.entry): the entry's head and all its lines — 账户, 类型, 账户类别, 金额 (signed, exact) and 变动后余额 —
 * with the lines' sum in the footer, which for a balanced entry is 0.00.
 */
export function EntryModal({ entryNo, onClose }: { entryNo: string; onClose: () => void }) {
  const orderLink = useOrderLink();
  const q = useQuery({ queryKey: ['finance', 'entry', entryNo], queryFn: () => call(capitalOps.entry, { entryNo }) });
  const e = q.data;
  const sum = e ? e.lines.reduce((s, l) => s + l.amount, 0) : 0;
  const orderTo = e ? orderLink(e.orderChannel, e.orderNo) : null;
  return (
    <Modal open title={`记账凭证 ${entryNo}`} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      {q.isLoading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {q.isError ? <Alert type="error" showIcon title="凭证加载失败，请稍后重试" /> : null}
      {e ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'entryNo', label: '凭证号', children: e.entryNo },
              { key: 'type', label: '业务类型', children: <EntryTypeTag type={e.type} name={e.typeName} /> },
              { key: 'amount', label: '金额', children: `${exactYuan(e.amount)} 元` },
              { key: 'refNo', label: '业务单号', children: dash(e.refNo) },
              {
                key: 'orderNo',
                label: '订单号',
                children: orderTo ? <Link to={orderTo}>{e.orderNo}</Link> : dash(e.orderNo),
              },
              { key: 'operatorName', label: '操作人', children: dash(e.operatorName) },
              { key: 'createdAt', label: '记账时间', children: formatDateTime(e.createdAt) },
              { key: 'memo', label: '摘要', children: dash(e.memo) },
            ]}
          />
          <Table<Line>
            size="small"
            rowKey={(l) => `${l.partyCode}:${l.kind}`}
            dataSource={e.lines}
            pagination={false}
            data-testid="entry-lines"
            columns={[
              {
                key: 'party',
                title: '账户',
                render: (_v, l) =>
                  l.partyCode ? (
                    <span>
                      <Link to={capitalDetailPath(l.partyCode)}>{l.partyCode}</Link> {l.partyName}
                    </span>
                  ) : (
                    dash(l.partyName)
                  ),
              },
              { key: 'partyTypeName', title: '类型', dataIndex: 'partyTypeName', width: 90, render: dash },
              { key: 'kindName', title: '账户类别', dataIndex: 'kindName', width: 100 },
              {
                key: 'amount',
                title: '金额（元）',
                dataIndex: 'amount',
                width: 140,
                align: 'right',
                render: (v: number) => <SignedMoney cents={v} exact />,
              },
              {
                key: 'balanceAfter',
                title: '变动后余额（元）',
                dataIndex: 'balanceAfter',
                width: 150,
                align: 'right',
                render: (v: number) => centsToYuan(v),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>合计（借贷相抵）</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong type={sum === 0 ? undefined : 'danger'} data-testid="entry-sum">
                    {centsToYuan(sum)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {sum === 0 ? (
                    <Typography.Text type="success">已平衡</Typography.Text>
                  ) : (
                    <Typography.Text type="danger">不平衡</Typography.Text>
                  )}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      ) : null}
    </Modal>
  );
}
