import { z } from 'zod';

/** Unified request descriptor (spec §3 "Unified request config"). */
export const unifiedRequestSchema = z.object({
  appKey: z.string().max(32).optional(),
  busiCode: z.string().max(32).optional(),
  configCode: z.string().max(64).optional(),
  name: z.string().min(1, '缺少操作名称').max(128),
  source: z.string().max(32).optional(),
  body: z.unknown().optional(),
  /** Menu anchor of the page that sent the request; kept for the audit log, never trusted. */
  anchor: z.string().max(128).optional(),
});
export type UnifiedRequest = z.infer<typeof unifiedRequestSchema>;

export const exportRequestSchema = unifiedRequestSchema.extend({
  exportType: z.number().int().optional(),
  exportName: z.string().max(100).optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** Every JSON answer: `{code, msg, data}`; `message` mirrors msg for older clients (spec §3 error response). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  message?: string;
  data?: T;
}

/** A page of rows. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .default(20)
    .transform((n) => Math.min(200, Math.max(1, n))),
});
