import type { Paged } from '@merchant/contracts/core/paging';
import { SUPPLY_ENABLED } from '@merchant/contracts/goods/supplier';
import type {
  SupplyAgreementRow,
  SupplyCandidate,
  supplyAgreementListInput,
  supplyAgreementSaveInput,
} from '@merchant/contracts/finance/supply-agreement';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { conflict, guardUnique, notFound } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { fetchPage } from '../../platform/page-query.ts';
import { writeHistory } from '../../platform/record-history.ts';
import { assertFresh } from '../../platform/versioned.ts';
import { COLLECTION_SUBJECT } from './collection.service.ts';
import { partyId } from './ledger.ts';
import { supplierParty } from './split.ts';

// 供应商代销协议 (docs/finance.md "供应商代销", decision 79): a supplier consigns one of the merchant's SKUs at a price
// per unit sold. Made from the supplier's supply SKU whose barcode is the merchant's SKU's; one supplier per SKU. The
// split (split.ts supplyOf) reads it at each payment, so a change applies to later sales only. Logged with the other
// collection settings (收款设置日志).

type Db = Kysely<Database> | Transaction<Database>;
const yuan = (cents: number) => (cents / 100).toFixed(2);

function rulesQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('fin_supply_rule as r')
    .innerJoin('goods_sku as g', 'g.id', 'r.sku_id')
    .innerJoin('supplier as sp', 'sp.id', 'r.supplier_id')
    .innerJoin('supply_sku as ss', 'ss.id', 'r.supply_sku_id')
    .leftJoin('fin_party as fp', (j) =>
      j
        .onRef('fp.merchant_id', '=', 'r.merchant_id')
        .on('fp.party_type', '=', 'supplier')
        .on('fp.ref_key', '=', sql<string>`${'supplier:'} || cast(sp.id as varchar(20))`),
    )
    .select([
      'r.id',
      'r.sku_id',
      'r.unit_price',
      'r.remark',
      'r.updated_at',
      'r.version',
      'g.sku_code',
      'g.name as sku_name',
      'g.barcode',
      'g.base_price',
      'sp.id as supplier_id',
      'sp.supplier_code',
      'sp.name as supplier_name',
      'ss.id as supply_sku_id',
      'ss.sku_code as supply_sku_code',
      'ss.purchase_price',
      'fp.party_code',
    ])
    .where('r.merchant_id', '=', merchantId);
}
type RuleRow = Awaited<ReturnType<ReturnType<typeof rulesQuery>['executeTakeFirstOrThrow']>>;

export const agreementRow = (r: RuleRow): SupplyAgreementRow => ({
  id: r.id,
  skuId: r.sku_id,
  skuCode: r.sku_code,
  skuName: r.sku_name,
  barcode: r.barcode,
  basePrice: Number(r.base_price),
  supplierId: r.supplier_id,
  supplierCode: r.supplier_code,
  supplierName: r.supplier_name,
  supplierPartyCode: r.party_code ?? '',
  supplySkuId: r.supply_sku_id,
  supplySkuCode: r.supply_sku_code,
  purchasePrice: Number(r.purchase_price),
  unitPrice: Number(r.unit_price),
  remark: r.remark,
  updatedAt: Number(r.updated_at),
  version: Number(r.version),
});

const SORT = { skuCode: 'g.sku_code', unitPrice: 'r.unit_price', updatedAt: 'r.updated_at' } as const;

export function listQuery(ctx: SessionOpContext, i: Omit<z.output<typeof supplyAgreementListInput>, 'pageNum' | 'pageSize'>) {
  const dir = i.sortOrder === 'ascend' ? 'asc' : 'desc';
  return rulesQuery(ctx.db, ctx.merchantId)
    .$if(!!i.keyword, (q) =>
      q.where((eb) =>
        eb.or([contains('g.sku_code', i.keyword!.toUpperCase()), contains('g.name', i.keyword!), contains('g.barcode', i.keyword!)]),
      ),
    )
    .$if(i.supplierId !== undefined, (q) => q.where('r.supplier_id', '=', i.supplierId!))
    .orderBy(SORT[i.sortField ?? 'updatedAt'], dir)
    .orderBy('r.id', dir);
}

export async function list(ctx: SessionOpContext, i: z.output<typeof supplyAgreementListInput>): Promise<Paged<SupplyAgreementRow>> {
  const page = await fetchPage(ctx.db, listQuery(ctx, i), i);
  return { ...page, list: page.list.map(agreementRow), pageNum: i.pageNum, pageSize: i.pageSize };
}

/** The supply SKUs of enabled suppliers that can be consigned: enabled, with a barcode one of the merchant's live SKUs has. */
function candidatesQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('supply_sku as ss')
    .innerJoin('supplier as sp', 'sp.id', 'ss.supplier_id')
    .innerJoin('goods_sku as g', (j) =>
      j.onRef('g.merchant_id', '=', 'ss.merchant_id').onRef('g.barcode', '=', 'ss.barcode').on('g.deleted_at', 'is', null),
    )
    .leftJoin('fin_supply_rule as r', (j) => j.onRef('r.merchant_id', '=', 'g.merchant_id').onRef('r.sku_id', '=', 'g.id'))
    .select([
      'ss.id as supply_sku_id',
      'ss.sku_code as supply_sku_code',
      'ss.purchase_price',
      'sp.id as supplier_id',
      'sp.name as supplier_name',
      'g.id as sku_id',
      'g.sku_code',
      'g.name as sku_name',
      'g.barcode',
      'g.base_price',
      'r.id as rule_id',
    ])
    .where('ss.merchant_id', '=', merchantId)
    .where('ss.deleted_at', 'is', null)
    .where('ss.status', '=', SUPPLY_ENABLED)
    .where('sp.status', '=', SUPPLY_ENABLED)
    .where('ss.barcode', '<>', '');
}

export async function candidates(ctx: SessionOpContext, keyword?: string): Promise<SupplyCandidate[]> {
  const rows = await candidatesQuery(ctx.db, ctx.merchantId)
    .$if(!!keyword, (q) =>
      q.where((eb) =>
        eb.or([
          contains('g.sku_code', keyword!.toUpperCase()),
          contains('ss.sku_code', keyword!.toUpperCase()),
          contains('g.name', keyword!),
          contains('ss.barcode', keyword!),
          contains('sp.name', keyword!),
        ]),
      ),
    )
    .orderBy('g.sku_code')
    .orderBy('sp.id')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    supplySkuId: r.supply_sku_id,
    supplySkuCode: r.supply_sku_code,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    skuId: r.sku_id,
    skuCode: r.sku_code,
    skuName: r.sku_name,
    barcode: r.barcode,
    purchasePrice: Number(r.purchase_price),
    basePrice: Number(r.base_price),
    agreed: r.rule_id !== null,
  }));
}

async function byId(ctx: SessionOpContext, id: number): Promise<SupplyAgreementRow> {
  const r = await rulesQuery(ctx.db, ctx.merchantId).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('代销协议');
  return agreementRow(r);
}

const ONE_PER_SKU = {
  index: 'fin_supply_rule_sku_uq',
  table: 'fin_supply_rule',
  columns: ['merchant_id', 'sku_id'],
  message: '该SKU已有代销协议，请编辑原协议',
} as const;

export async function save(ctx: SessionOpContext, i: z.output<typeof supplyAgreementSaveInput>): Promise<SupplyAgreementRow> {
  const id = await guardUnique(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const now = ctx.clock.now();
        const supply = await trx
          .selectFrom('supply_sku as ss')
          .innerJoin('supplier as sp', 'sp.id', 'ss.supplier_id')
          .select([
            'ss.id',
            'ss.sku_code',
            'ss.barcode',
            'ss.status',
            'sp.id as supplier_id',
            'sp.name as supplier_name',
            'sp.phone as supplier_phone',
            'sp.status as supplier_status',
          ])
          .where('ss.merchant_id', '=', ctx.merchantId)
          .where('ss.id', '=', i.supplySkuId)
          .where('ss.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!supply) throw notFound('供应链SKU');
        if (Number(supply.supplier_status) !== SUPPLY_ENABLED) throw conflict(`供应商${supply.supplier_name}已停用，不能签代销协议`);
        if (Number(supply.status) !== SUPPLY_ENABLED) throw conflict(`供应链SKU ${supply.sku_code} 已停用，不能签代销协议`);
        const sku = supply.barcode
          ? await trx
              .selectFrom('goods_sku')
              .select(['id', 'sku_code'])
              .where('merchant_id', '=', ctx.merchantId)
              .where('barcode', '=', supply.barcode)
              .where('deleted_at', 'is', null)
              .executeTakeFirst()
          : undefined;
        if (!sku) throw conflict(`本商户没有条码为${supply.barcode || '（空）'}的商品SKU，不能代销`);
        // the supplier's account opens with its first agreement: its card can be bound before the first payout
        await partyId(
          trx,
          { merchantId: ctx.merchantId, now },
          supplierParty({ id: supply.supplier_id, name: supply.supplier_name, phone: supply.supplier_phone }),
        );
        const had = await trx
          .selectFrom('fin_supply_rule as r')
          .innerJoin('supplier as sp', 'sp.id', 'r.supplier_id')
          .select(['r.id', 'r.version', 'r.sku_id', 'r.unit_price', 'sp.name as supplier_name'])
          .where('r.merchant_id', '=', ctx.merchantId)
          .where(i.id === undefined ? 'r.sku_id' : 'r.id', '=', i.id ?? sku.id)
          .executeTakeFirst();
        if (i.id === undefined) {
          if (had) throw conflict(`SKU ${sku.sku_code} 已有代销协议（供应商${had.supplier_name}），请编辑原协议`);
          const { id } = await trx
            .insertInto('fin_supply_rule')
            .values({
              merchant_id: ctx.merchantId,
              sku_id: sku.id,
              supplier_id: supply.supplier_id,
              supply_sku_id: supply.id,
              unit_price: i.unitPrice,
              remark: i.remark,
              created_by: ctx.session.accountId,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeHistory(trx, ctx, {
            subject: COLLECTION_SUBJECT,
            subjectId: sku.sku_code,
            action: 'supply-create',
            actionLabel: '新增代销协议',
            remark: `SKU ${sku.sku_code}：供应商${supply.supplier_name}按每件${yuan(i.unitPrice)}元结算`,
          });
          return id;
        }
        if (!had) throw notFound('代销协议');
        if (had.sku_id !== sku.id) throw conflict(`供应链SKU ${supply.sku_code} 与该协议的商品SKU条码不同，不能更换`);
        assertFresh(
          await trx
            .updateTable('fin_supply_rule')
            .set({
              supplier_id: supply.supplier_id,
              supply_sku_id: supply.id,
              unit_price: i.unitPrice,
              remark: i.remark,
              version: sql`version + 1`,
              updated_at: now,
            })
            .where('id', '=', had.id)
            .where('merchant_id', '=', ctx.merchantId)
            .where('version', '=', i.version ?? -1)
            .executeTakeFirst(),
        );
        await writeHistory(trx, ctx, {
          subject: COLLECTION_SUBJECT,
          subjectId: sku.sku_code,
          action: 'supply-update',
          actionLabel: '修改代销协议',
          changes: [
            { field: 'unitPrice', label: '代销结算价', before: `${yuan(Number(had.unit_price))}元`, after: `${yuan(i.unitPrice)}元` },
            ...(had.supplier_name !== supply.supplier_name
              ? [{ field: 'supplier', label: '供应商', before: had.supplier_name, after: supply.supplier_name }]
              : []),
          ],
          remark: `SKU ${sku.sku_code}`,
        });
        return had.id;
      }),
    ONE_PER_SKU,
  );
  return byId(ctx, id);
}

export async function remove(ctx: SessionOpContext, i: { id: number; version: number }): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom('fin_supply_rule as r')
      .innerJoin('goods_sku as g', 'g.id', 'r.sku_id')
      .innerJoin('supplier as sp', 'sp.id', 'r.supplier_id')
      .select(['r.id', 'g.sku_code', 'sp.name as supplier_name'])
      .where('r.merchant_id', '=', ctx.merchantId)
      .where('r.id', '=', i.id)
      .executeTakeFirst();
    if (!r) throw notFound('代销协议');
    const res = await trx.deleteFrom('fin_supply_rule').where('id', '=', r.id).where('version', '=', i.version).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw conflict('该记录已被他人修改，请刷新后重试');
    await writeHistory(trx, ctx, {
      subject: COLLECTION_SUBJECT,
      subjectId: r.sku_code,
      action: 'supply-remove',
      actionLabel: '解除代销协议',
      remark: `SKU ${r.sku_code}之后的销售不再给供应商${r.supplier_name}分账`,
    });
  });
  return null;
}
