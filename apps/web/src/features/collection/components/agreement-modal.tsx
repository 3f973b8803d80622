import { agreementSaveInput, collectionOps, type AgreementRow, type AgreementSaveInput } from '@merchant/contracts/finance/collection';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { COLLECTION_KEY } from './collection-parts.tsx';
import { OwnerCreateModal, type OwnerOption } from './owner-create-modal.tsx';
import { bpPercent, bpToPercentValue, merchantBp, percentSchema, percentToBp } from './percent.ts';

const OWNER_BP_LABEL = '柜主分成比例';
const deviceRule = zodRule(agreementSaveInput.shape.deviceCode);
// an unpicked owner reads 请选择柜主 (the contract's party code would say 账户编号不正确 of an empty value)
const ownerRequired = { required: true, message: '请选择柜主' };
const ownerRule = zodRule(agreementSaveInput.shape.ownerPartyCode);
const ownerBpRule = zodRule(percentSchema(agreementSaveInput.shape.ownerBp, OWNER_BP_LABEL));
const remarkRule = zodRule(agreementSaveInput.shape.remark);

interface Values {
  deviceCode?: string;
  ownerPartyCode?: string;
  /** % as typed. */
  ownerPercent?: string | number;
  remark?: string;
}

/** The owners' cache key (collection.owners by keyword). */
const ownersKey = (keyword: string) => [...COLLECTION_KEY, 'owners', keyword] as const;

export const ownerLabel = (o: OwnerOption) => `${o.name} ${o.phone}（${o.partyCode}）`;

/** The owners matching what is typed in the picker (collection.owners), asked a moment after the typing stops. */
function useOwners() {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const q = useQuery({
    queryKey: ownersKey(keyword),
    queryFn: () => call(collectionOps.owners, keyword ? { keyword } : {}),
    staleTime: 30_000,
  });
  return { owners: q.data ?? [], loading: q.isFetching, search: (v: string) => setTyped(v.trim()) };
}

/**
 * 新增协议 / 编辑 of a 分账协议: 设备编号 (fixed when editing), 柜主 (picked from the merchant's owners, searched on the
 * server; 新增柜主 opens one's account and picks it), 柜主分成比例 in % (two decimals, more than 0 and at most 100 %: the
 * contract's rules; sent in basis points) and 备注. The owner's share, the point's commission and the platform fee
 * together may not pass 100 %: the server checks it and answers why. An edit sends the row's id and version.
 */
export function AgreementModal({ row, onClose }: { row: AgreementRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { owners, loading, search } = useOwners();
  const [adding, setAdding] = useState(false);
  // owners known here but perhaps not in the answer shown: the edited row's, the ones just opened
  const [known, setKnown] = useState<OwnerOption[]>(() =>
    row ? [{ partyCode: row.ownerPartyCode, name: row.ownerName, phone: row.ownerPhone }] : [],
  );
  const options = [...known.filter((k) => !owners.some((o) => o.partyCode === k.partyCode)), ...owners].map((o) => ({
    value: o.partyCode,
    label: ownerLabel(o),
  }));
  const ownerPercent = Form.useWatch('ownerPercent', form);
  const typedBp = percentToBp(ownerPercent);

  const submit = (v: Values) => {
    const input: AgreementSaveInput = {
      ...(row ? { id: row.id } : {}),
      deviceCode: row ? row.deviceCode : (v.deviceCode ?? '').trim().toUpperCase(),
      ownerPartyCode: v.ownerPartyCode ?? '',
      ownerBp: percentToBp(v.ownerPercent) ?? 0,
      remark: (v.remark ?? '').trim(),
      ...(row ? { version: row.version } : {}),
    };
    return call(collectionOps.saveAgreement, input);
  };

  return (
    <>
      <FormModal<Values, AgreementRow>
        form={form}
        name="collection-agreement"
        title={row ? `编辑分账协议：${row.deviceCode}` : '新增分账协议'}
        width={560}
        initialValues={
          row
            ? {
                deviceCode: row.deviceCode,
                ownerPartyCode: row.ownerPartyCode,
                ownerPercent: bpToPercentValue(row.ownerBp),
                remark: row.remark,
              }
            : { deviceCode: '', ownerPercent: '', remark: '' }
        }
        onSubmit={submit}
        onSaved={(saved) => {
          message.success(`已保存 ${saved.deviceCode} 的分账协议：柜主 ${saved.ownerName} 分成 ${bpPercent(saved.ownerBp)}`);
          void queryClient.invalidateQueries({ queryKey: COLLECTION_KEY });
          onClose();
        }}
        onClose={onClose}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="agreement-notice"
          title={
            row
              ? `该设备点位佣金 ${bpPercent(row.pointBp)}、平台手续费 ${bpPercent(row.feeBp)}；三者合计不超过100%。新比例只用于之后的收款。`
              : '柜主分成、点位佣金与平台手续费合计不超过100%；只影响之后的收款。'
          }
        />
        <Form.Item label="设备编号" name="deviceCode" required rules={row ? [] : [deviceRule]}>
          <Input maxLength={20} disabled={!!row} placeholder="如 D2611000001" autoComplete="off" />
        </Form.Item>
        <Form.Item label="柜主" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="ownerPartyCode" noStyle rules={[ownerRequired, ownerRule]} validateFirst>
              <Select
                aria-label="柜主"
                placeholder="输入姓名或手机号搜索"
                showSearch={{ filterOption: false, onSearch: search }}
                loading={loading}
                options={options}
                notFoundContent={loading ? '搜索中…' : '没有找到柜主，可新增'}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              新增柜主
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          label="柜主分成比例（%）"
          name="ownerPercent"
          required
          rules={[ownerBpRule]}
          extra={
            row && typedBp !== undefined && Number.isInteger(typedBp)
              ? `商户所得 ${bpPercent(merchantBp(typedBp, row.pointBp, row.feeBp))}`
              : '大于0，最多100%，精确到0.01%'
          }
        >
          <Input inputMode="decimal" maxLength={6} suffix="%" placeholder="如 30" autoComplete="off" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[remarkRule]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
        </Form.Item>
      </FormModal>
      {adding ? (
        <OwnerCreateModal
          onCreated={(owner) => {
            setKnown((k) => [owner, ...k.filter((o) => o.partyCode !== owner.partyCode)]);
            form.setFieldsValue({ ownerPartyCode: owner.partyCode });
            void form.validateFields(['ownerPartyCode']).catch(() => undefined);
            void queryClient.invalidateQueries({ queryKey: [...COLLECTION_KEY, 'owners'] });
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </>
  );
}
