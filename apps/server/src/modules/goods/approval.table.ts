import type { Generated } from 'kysely';

/** 新品申请 / SKU申请 (migrations 0009, 0012). Written only by approval.service.ts through approval.repo.ts. */
export interface GoodsApprovalTable {
  id: Generated<number>;
  merchant_id: number;
  /** XP/SK + yyMMdd + 4 digits, unique per merchant. */
  approval_code: string;
  /** 1 新品申请, 2 SKU申请 (APPROVAL_KINDS). */
  kind: number;
  /** 0 草稿, 1 待审核, 2 已通过, 3 已驳回, 4 已撤回 (APPROVAL_STATUS). */
  status: number;
  /** Product name (kind 1) or SPU name with spec values (kind 2): the list's 商品名称. */
  title: string;
  barcode: string;
  /** JSON of the applied fields (newProductFields or skuApplyFields). */
  payload: string;
  applicant_id: number;
  applicant_name: string;
  reviewer_id: number | null;
  reviewer_name: string;
  /** The latest reason (驳回原因, 撤回原因, 审核意见). */
  reason: string;
  submitted_at: number | null;
  reviewed_at: number | null;
  standard_product_id: number | null;
  goods_id: number | null;
  sku_id: number | null;
  version: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
  /** Set when a once-submitted application is deleted (migration 0012). */
  deleted_at: number | null;
}

declare module '../../db/database.ts' {
  interface Database {
    goods_approval: GoodsApprovalTable;
  }
}
