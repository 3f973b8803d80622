export interface SecureChannelTable {
  channel_id: string;
  keys: string;
  expires_at: number;
  created_at: number;
}

export interface SecureNonceTable {
  channel_id: string;
  nonce: string;
  expires_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    secure_channel: SecureChannelTable;
    secure_nonce: SecureNonceTable;
  }
}
