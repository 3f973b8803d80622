import { CAPITAL_FREEZE_ANCHOR } from '@merchant/contracts/finance/finance-fields';
import type { PartyDetail } from '@merchant/contracts/finance/capital';
import { Button, Card, Descriptions, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { dash, money, PartyTypeTag } from '../components/finance-parts.tsx';
import { FreezeModal } from '../components/freeze-modals.tsx';
import { PartyLinks, PartyPage } from '../components/party-page.tsx';
import { WithdrawApplyModal } from '../components/withdraw-apply-modal.tsx';
import { WithdrawalList } from '../components/withdrawal-list.tsx';

const yuanText = (cents: number) => `${money(cents)} 元`;

function PartyView({ party }: { party: PartyDetail }) {
  const mayFreeze = useHasAnchor(CAPITAL_FREEZE_ANCHOR);
  const [open, setOpen] = useState<'withdraw' | 'freeze' | null>(null);
  const noWithdrawable = party.withdrawable <= 0 ? '没有可提现的余额' : null;
  const noAvailable = party.available <= 0 ? '没有可冻结的可用余额' : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="capital-detail-title">
              资金账户 {party.name}（{party.partyCode}）
            </span>
            <PartyTypeTag type={party.partyType} name={party.partyTypeName} />
          </Space>
        }
        extra={
          <Space>
            <Tooltip title={noWithdrawable}>
              <Button type="primary" disabled={!!noWithdrawable} onClick={() => setOpen('withdraw')}>
                申请提现
              </Button>
            </Tooltip>
            {mayFreeze ? (
              <Tooltip title={noAvailable}>
                <Button disabled={!!noAvailable} onClick={() => setOpen('freeze')}>
                  冻结资金
                </Button>
              </Tooltip>
            ) : null}
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          data-testid="capital-detail-info"
          items={[
            { key: 'partyCode', label: '账户编号', children: party.partyCode },
            { key: 'name', label: '名称', children: party.name },
            { key: 'partyType', label: '账户类型', children: <PartyTypeTag type={party.partyType} name={party.partyTypeName} /> },
            { key: 'phone', label: '手机', children: dash(party.phone) },
            { key: 'cardCount', label: '银行卡', children: `${party.cardCount} 张` },
            { key: 'createdAt', label: '开户时间', children: formatDateTime(party.createdAt) },
            { key: 'updatedAt', label: '更新时间', children: formatDateTime(party.updatedAt) },
          ]}
        />
        <Descriptions
          title="余额"
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          data-testid="capital-detail-balances"
          style={{ marginTop: 8 }}
          items={[
            { key: 'available', label: '可用', children: yuanText(party.available) },
            { key: 'frozen', label: '冻结', children: yuanText(party.frozen) },
            { key: 'pending', label: '待结算', children: yuanText(party.pending) },
            { key: 'inTransit', label: '在途', children: yuanText(party.inTransit) },
            { key: 'total', label: '合计', children: yuanText(party.total) },
            { key: 'withdrawable', label: '可提现', children: yuanText(party.withdrawable) },
            { key: 'totalIncome', label: '累计收入', children: yuanText(party.totalIncome) },
            { key: 'totalWithdrawn', label: '累计提现', children: yuanText(party.totalWithdrawn) },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          <PartyLinks party={party} current="detail" />
        </div>
      </Card>
      <WithdrawalList partyCode={party.partyCode} compact />
      {open === 'withdraw' ? <WithdrawApplyModal party={party} onClose={() => setOpen(null)} /> : null}
      {open === 'freeze' ? <FreezeModal party={party} onClose={() => setOpen(null)} /> : null}
    </Space>
  );
}

/**
 * capital-detail/:id — an account (id its code FP########): who it is, its balances by kind, 申请提现 and 冻结资金
 * (with the freeze permission), links to its 资金流水, 银行卡 and 冻结记录, and its 提现记录 with the review steps.
 */
export default function CapitalDetailPage() {
  return <PartyPage>{(party) => <PartyView party={party} />}</PartyPage>;
}
