import { bankCardOps, type BankCard } from '@merchant/contracts/finance/bank-card';
import type { PartyDetail } from '@merchant/contracts/finance/capital';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { wasNotified } from '../../../platform/error-catalogue.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { BankCardAddModal } from '../components/bank-card-add-modal.tsx';
import { PartyHeader, PartyPage } from '../components/party-page.tsx';
import { cardsKey } from '../components/withdraw-apply-modal.tsx';

function CardsView({ party }: { party: PartyDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const q = useQuery({ queryKey: cardsKey(party.partyCode), queryFn: () => call(bankCardOps.list, { partyCode: party.partyCode }) });
  const cards = q.data ?? [];

  /** A step on a card; a refusal (e.g. 解绑 of a card with an open withdrawal) is the server's message. */
  const run = async (card: BankCard, step: () => Promise<unknown>, done: string) => {
    setBusy(card.id);
    try {
      await step();
      message.success(done);
      await queryClient.invalidateQueries({ queryKey: ['finance'] });
    } catch (err) {
      if (!wasNotified(err)) message.error(err instanceof Error && err.message ? err.message : '操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PartyHeader party={party} current="cards" title="银行卡" />
      <Card
        variant="borderless"
        title="已绑定的银行卡"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            绑定银行卡
          </Button>
        }
      >
        <Table<BankCard>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={cards}
          pagination={false}
          data-testid="bank-cards"
          locale={{
            emptyText: q.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="银行卡加载失败">
                <Button size="small" onClick={() => void q.refetch()}>
                  重新加载
                </Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有绑定银行卡，绑定后才能申请提现" />
            ),
          }}
          columns={[
            {
              key: 'cardNo',
              title: '卡号',
              dataIndex: 'cardNo',
              render: (v: string, c) => (
                <Space>
                  <Typography.Text code>{v}</Typography.Text>
                  {c.isDefault ? <Tag color="blue">默认</Tag> : null}
                </Space>
              ),
            },
            { key: 'bankName', title: '开户银行', dataIndex: 'bankName', width: 160 },
            { key: 'holderName', title: '持卡人', dataIndex: 'holderName', width: 120 },
            { key: 'createdAt', title: '绑定时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
            {
              key: 'actions',
              title: '操作',
              width: 180,
              render: (_v, c) => (
                <Space size={0}>
                  {c.isDefault ? null : (
                    <Button
                      type="link"
                      size="small"
                      loading={busy === c.id}
                      onClick={() =>
                        void run(c, () => call(bankCardOps.setDefault, { id: c.id, version: c.version }), `已将 ${c.cardNo} 设为默认银行卡`)
                      }
                    >
                      设为默认
                    </Button>
                  )}
                  <Popconfirm
                    title={`解绑 ${c.bankName} ${c.cardNo}？`}
                    description="解绑后不能再提现到这张卡；有未完成提现的卡不能解绑。"
                    okText="解绑"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => run(c, () => call(bankCardOps.remove, { id: c.id, version: c.version }), `已解绑 ${c.cardNo}`)}
                  >
                    <Button type="link" size="small" danger disabled={busy === c.id}>
                      解绑
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {adding ? <BankCardAddModal partyCode={party.partyCode} firstCard={cards.length === 0} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/**
 * capital-card/:id — an account's bank cards (the numbers masked): 绑定银行卡 (bank from the bank list, Luhn-checked
 * number), 设为默认, 解绑 (confirmed; refused by the server while a withdrawal to the card is open).
 */
export default function CapitalCardPage() {
  return <PartyPage>{(party) => <CardsView party={party} />}</PartyPage>;
}
