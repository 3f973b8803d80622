import type { PriceScope } from '@merchant/contracts/price/price-fields';
import { Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { newAdjustmentPath, PRICE_RECORDS } from './price-paths.ts';
import { QuickAdjustModal, type SheetSku } from './quick-adjust-modal.tsx';

/**
 * The toolbar of a price sheet (one target: a cabinet, a channel, a store): 价格记录 of the target, 生成调价单 (the
 * form prefilled with the ticked SKUs) and 批量调价 (QuickAdjustModal on them); `extra` goes before them.
 */
export function SheetToolbar({
  scopeType,
  scopeKey,
  targetName,
  selected,
  onAdjusted,
  extra,
}: {
  scopeType: PriceScope;
  scopeKey: string;
  targetName: string;
  /** The ticked SKUs, each with its current price on the target. */
  selected: SheetSku[];
  /** After 批量调价 submitted (clear the ticks). */
  onAdjusted: () => void;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState(false);
  const none = selected.length === 0;
  return (
    <Space>
      {extra}
      <Button onClick={() => navigate(`${PRICE_RECORDS}?scopeType=${scopeType}&scopeKey=${encodeURIComponent(scopeKey)}`)}>价格记录</Button>
      <Button
        disabled={none}
        onClick={() => navigate(newAdjustmentPath({ scopeType, scopeKeys: [scopeKey], skuIds: selected.map((r) => r.skuId) }))}
      >
        生成调价单
      </Button>
      <Button type="primary" disabled={none} onClick={() => setAdjusting(true)}>
        批量调价
      </Button>
      {adjusting ? (
        <QuickAdjustModal
          scopeType={scopeType}
          scopeKey={scopeKey}
          targetName={targetName}
          skus={selected}
          onDone={() => {
            setAdjusting(false);
            onAdjusted();
          }}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </Space>
  );
}
