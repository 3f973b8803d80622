import { priceChannelOps } from '@merchant/contracts/price/price-channel';
import { Drawer } from 'antd';
import { RecordHistory } from '../../../platform/record-history.tsx';

/** A second channel's trail (变更记录): who added, edited, enabled / disabled it or changed its cabinets, and when. */
export function ChannelHistoryDrawer({ channel, onClose }: { channel: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <Drawer
      open={channel !== null}
      title={channel ? `变更记录：${channel.name}` : ''}
      size={900}
      onClose={onClose}
      destroyOnHidden
      data-testid="channel-history"
    >
      {channel ? (
        <RecordHistory operation={priceChannelOps.history} input={{ id: channel.id }} queryKey={['price', 'channel', channel.id]} />
      ) : null}
    </Drawer>
  );
}
