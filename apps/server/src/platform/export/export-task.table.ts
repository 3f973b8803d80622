import type { Generated } from 'kysely';

export interface ExportTaskTable {
  id: Generated<number>;
  merchant_id: number;
  account_id: number;
  op_name: string;
  input_json: string;
  organization_id: number | null;
  role_ids: Generated<string>;
  client_anchor: Generated<string>;
  file_name: string;
  source_page: string;
  filter_summary: Generated<string>;
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  file_size: number | null;
  storage_name: string | null;
  error_message: string | null;
  attempts: Generated<number>;
  heartbeat_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
}

declare module '../../db/database.ts' {
  interface Database {
    export_task: ExportTaskTable;
  }
}
