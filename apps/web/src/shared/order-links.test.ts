import { describe, expect, it } from 'vitest';
import { orderChannelByName } from './order-channels.ts';
import { orderDetailLink, orderLinkOf } from './order-links.ts';

describe('order links (shared by the order pages and the pages that link to an order)', () => {
  it('leads to each channel’s order detail page', () => {
    expect(orderDetailLink('container', 'XS26112400000002')).toBe('/website/container-order/salesOrder-list-detail/XS26112400000002');
    expect(orderLinkOf('online', 'XS1')).toBe('/website/order/online-retailers-detail/XS1');
    expect(orderLinkOf('mall', 'PF1')).toBe('/website/order/wholesale-order-detail/PF1');
    expect(orderLinkOf('locallife', 'BD 1')).toBe('/website/order/loc-life-order-detail/BD%201');
  });
  it('has no link without an order or for a channel it does not know', () => {
    expect(orderLinkOf('', 'XS1')).toBeNull();
    expect(orderLinkOf('container', '')).toBeNull();
    expect(orderLinkOf('toString', 'XS1')).toBeNull();
    expect(orderChannelByName('线上零售')).toBe('online');
    expect(orderChannelByName('火星')).toBeUndefined();
  });
});
