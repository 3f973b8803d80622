import type { Generated } from 'kysely';

/** 语音提醒 (migration 0021). */
export interface VoicePromptTable {
  id: Generated<number>;
  merchant_id: number;
  /** YY + yyMMdd + 4 digits, unique per merchant. */
  prompt_code: string;
  name: string;
  /** VOICE_TYPES: pickup, door, promotion, custom. */
  voice_type: string;
  content: string;
  /** 'HH:mm' each day, and the calendar dates 'YYYY-MM-DD' it is played between (both included). */
  time_from: string;
  time_to: string;
  date_from: string;
  date_to: string;
  /** VOICE_SCOPES: all, model, devices. */
  scope: string;
  model_code: string | null;
  /** JSON array of device codes (scope 'devices'). */
  device_codes: string;
  /** VOICE_STATUS: 1 启用, 2 停用. */
  status: number;
  last_pushed_at: number | null;
  last_push_count: number;
  version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface VoicePushTable {
  id: Generated<number>;
  merchant_id: number;
  prompt_id: number;
  prompt_version: number;
  device_id: number;
  device_code: string;
  /** The 同步语音 command (device_command.command_no): its status is the push's status on this cabinet. */
  command_no: string;
  operator_name: string;
  pushed_at: number;
}

declare module '../../db/database.ts' {
  interface Database {
    voice_prompt: VoicePromptTable;
    voice_push: VoicePushTable;
  }
}
