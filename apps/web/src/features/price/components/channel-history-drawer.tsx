import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { RecordHistoryDrawer } from '../../../platform/record-history.tsx';

/** A second channel's trail (变更记录): who added, edited, enabled / disabled it or changed its cabinets, and when. */
export function ChannelHistoryDrawer({ channel, onClose }: { channel: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <RecordHistoryDrawer
      title={channel ? `变更记录：${channel.name}` : ''}
      operation={priceChannelOps.history}
      input={channel ? { id: channel.id } : null}
      queryKey={['price', 'channel', channel?.id]}
      testId="channel-history"
      onClose={onClose}
    />
  );
}
