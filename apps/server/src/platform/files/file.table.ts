import type { Generated } from 'kysely';

export interface FileTable {
  /** Internal key (business tables reference it); never shown to people. */
  id: Generated<number>;
  /** 0006: the id people and URLs see — 128 random bits, base64url. */
  public_id: string;
  merchant_id: number;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_name: string;
  purpose: string;
  created_by: number;
  created_at: number;
}

export interface FileUploadTable {
  id: string;
  merchant_id: number;
  account_id: number;
  original_name: string;
  mime: string;
  purpose: string;
  size: number;
  received: number;
  created_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    file: FileTable;
    file_upload: FileUploadTable;
  }
}
