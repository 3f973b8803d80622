import {
  supplyAgreementOps,
  supplyAgreementSaveInput,
  type SupplyAgreementRow,
  type SupplyAgreementSaveInput,
  type SupplyCandidate,
} from '@merchant/contracts/finance/supply-agreement';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { wasNotified } from '../../../platform/error-catalogue.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { centsToYuanValue, yuanToCents } from '../../../shared/format/money.ts';
import { yuanSchema, zodRule } from '../../../shared/ui/zod-rule.ts';
import { COLLECTION_KEY, dash, refusalText, yuan } from './collection-parts.tsx';

// an unpicked SKU reads 请选择代销商品 (the contract's id would say 供应链SKU不正确 of an empty value)
const skuRequired = { required: true, message: '请选择代销商品' };
const unitPriceRule = zodRule(yuanSchema(supplyAgreementSaveInput.shape.unitPrice));
const remarkRule = zodRule(supplyAgreementSaveInput.shape.remark);

interface Values {
  supplySkuId?: number;
  /** 元 as typed. */
  unitPrice?: number | null;
  remark?: string;
}

/** The candidates' cache key (supplyAgreement.candidates by keyword). */
const candidatesKey = (keyword: string) => [...COLLECTION_KEY, 'supply-candidates', keyword] as const;

/** A candidate as the picker shows it: SKU编码 名称 · 供应商 · 条码 · 采购价. */
export const candidateLabel = (c: SupplyCandidate) =>
  `${c.skuCode} ${c.skuName} · ${c.supplierName} · ${c.barcode} · 采购价 ${yuan(c.purchasePrice)}元${c.agreed ? '（已有代销协议，请在列表中编辑）' : ''}`;

/** The candidates matching what is typed in the picker (supplyAgreement.candidates), asked a moment after the typing stops. */
function useCandidates(enabled: boolean) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const q = useQuery({
    queryKey: candidatesKey(keyword),
    queryFn: () => call(supplyAgreementOps.candidates, keyword ? { keyword } : {}),
    staleTime: 30_000,
    enabled,
  });
  // the contract takes at most 40 characters
  return { candidates: q.data ?? [], loading: q.isFetching, search: (v: string) => setTyped(v.trim().slice(0, 40)) };
}

/** What is not changed when editing: the SKU, the supplier and its supply SKU, the prices now. */
function AgreementFacts({ row }: { row: SupplyAgreementRow }) {
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      style={{ marginBottom: 16 }}
      data-testid="supply-agreement-facts"
      items={[
        { key: 'sku', label: 'SKU', children: `${row.skuCode} ${row.skuName}`, span: 2 },
        { key: 'barcode', label: '条码', children: dash(row.barcode) },
        { key: 'supplySku', label: '供应链SKU', children: dash(row.supplySkuCode) },
        { key: 'supplier', label: '供应商', children: `${row.supplierName}（${row.supplierCode}）`, span: 2 },
        { key: 'purchase', label: '采购价', children: `${yuan(row.purchasePrice)} 元` },
        { key: 'base', label: '售价', children: `${yuan(row.basePrice)} 元` },
      ]}
    />
  );
}

/**
 * 新增代销协议 / 编辑 of a 供应商代销协议. 新增: the SKU is picked among the candidates (a supplier's enabled supply SKU whose
 * barcode is one of the merchant's SKUs, searched on the server as typed; one that has an agreement already is shown
 * disabled: that one is edited instead), and the price starts at its 采购价. 编辑: the SKU and the supplier are shown,
 * not changed. Then 代销结算价 in 元 (two decimals, more than 0: the contract's rule; sent in 分) and 备注. A refusal
 * shows the server's words and keeps the form open. An edit sends the row's id and version.
 */
export function SupplyAgreementModal({ row, onClose }: { row: SupplyAgreementRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { candidates, loading, search } = useCandidates(!row);
  // the picked candidate stays an option while another keyword's answer is shown
  const [picked, setPicked] = useState<SupplyCandidate | null>(null);
  const shown = picked && !candidates.some((c) => c.supplySkuId === picked.supplySkuId) ? [picked, ...candidates] : candidates;
  const options = shown.map((c) => ({ value: c.supplySkuId, label: candidateLabel(c), disabled: c.agreed }));
  const prices = row ?? picked;

  const pick = (id: number) => {
    const c = shown.find((x) => x.supplySkuId === id) ?? null;
    setPicked(c);
    if (c) {
      form.setFieldsValue({ unitPrice: centsToYuanValue(c.purchasePrice) ?? null });
      void form.validateFields(['unitPrice']).catch(() => undefined);
    }
  };

  const submit = async (v: Values) => {
    const supplySkuId = row ? row.supplySkuId : v.supplySkuId;
    if (!supplySkuId) {
      message.error('请选择代销商品');
      throw new Error('请选择代销商品');
    }
    const input: SupplyAgreementSaveInput = {
      ...(row ? { id: row.id } : {}),
      supplySkuId,
      unitPrice: yuanToCents(v.unitPrice) ?? 0,
      remark: (v.remark ?? '').trim(),
      ...(row ? { version: row.version } : {}),
    };
    try {
      return await call(supplyAgreementOps.save, input);
    } catch (err) {
      if (!wasNotified(err)) message.error(refusalText(err));
      throw err;
    }
  };

  return (
    <FormModal<Values, SupplyAgreementRow>
      form={form}
      name="supply-agreement"
      title={row ? `编辑代销协议：${row.skuCode}` : '新增代销协议'}
      width={640}
      initialValues={row ? { unitPrice: centsToYuanValue(row.unitPrice) ?? null, remark: row.remark } : { unitPrice: null, remark: '' }}
      onSubmit={submit}
      onSaved={(saved) => {
        message.success(`已保存 ${saved.skuCode} 的代销协议：供应商 ${saved.supplierName} 每件 ${yuan(saved.unitPrice)} 元`);
        void queryClient.invalidateQueries({ queryKey: COLLECTION_KEY });
        onClose();
      }}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="supply-agreement-notice"
        title="之后该SKU的每笔销售（智能柜或其他渠道）按 件数 × 代销结算价 给供应商分账，T+1 结算到供应商资金账户；一个SKU只有一个代销供应商，已分账的订单不变。"
      />
      {row ? (
        <AgreementFacts row={row} />
      ) : (
        <Form.Item
          label="代销商品"
          name="supplySkuId"
          required
          rules={[skuRequired]}
          extra="供应商启用的供应链SKU中条码与本商户SKU相同的；已有代销协议的SKU请在列表中编辑"
        >
          <Select
            aria-label="代销商品"
            placeholder="输入SKU编码、名称或条码搜索"
            showSearch={{ filterOption: false, onSearch: search }}
            loading={loading}
            options={options}
            onChange={(id: number) => pick(id)}
            notFoundContent={loading ? '搜索中…' : '没有可代销的商品'}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form.Item
        label="代销结算价（元）"
        name="unitPrice"
        required
        rules={[unitPriceRule]}
        extra={
          prices
            ? `每卖出1件付给供应商的金额；采购价 ${yuan(prices.purchasePrice)} 元，售价 ${yuan(prices.basePrice)} 元`
            : '每卖出1件付给供应商的金额，大于0，精确到分'
        }
      >
        <InputNumber min={0.01} precision={2} style={{ width: 200 }} placeholder="如 2.50" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[remarkRule]}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}
