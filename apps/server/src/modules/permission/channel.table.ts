export interface ChannelTable {
  code: string;
  name: string;
  sort: number;
}

export interface MerchantChannelTable {
  merchant_id: number;
  channel_code: string;
}

declare module '../../db/database.ts' {
  interface Database {
    channel: ChannelTable;
    merchant_channel: MerchantChannelTable;
  }
}
