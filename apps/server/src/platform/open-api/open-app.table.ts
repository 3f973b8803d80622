import type { Generated } from 'kysely';

/** 开放应用 (0044 open_app): a merchant's trusted client app of one sales channel, calling the signed open API. */
export interface OpenAppTable {
  id: Generated<number>;
  merchant_id: number;
  /** 'OA' + 14 upper-case letters and digits; unique over all merchants. */
  app_key: string;
  name: string;
  /** channel.code (container 智能柜, mall 批发商城, online 线上零售, locallife 本地生活). */
  channel_code: string;
  /** The HMAC key: kept as it is, because verifying a signature needs the key itself (0044). Never sent out after provisioning. */
  secret: string;
  /** OPEN_APP_STATUS: 1 启用, 2 停用. */
  status: Generated<number>;
  version: Generated<number>;
  created_by: Generated<number>;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    open_app: OpenAppTable;
  }
}
