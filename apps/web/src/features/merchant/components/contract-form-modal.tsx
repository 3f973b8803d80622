import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  CABINET_CONTRACT_TYPE,
  CONTRACT_TYPES,
  contractFields,
  contractOps,
  type ContractRow,
  type ContractType,
} from '@merchant/contracts/merchant/contract';
import { deviceOps } from '@merchant/contracts/device/device';
import { businessToday, dateToPicker, pickerToDate } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { call } from '../../../platform/call.ts';
import { FileUpload } from './file-upload.tsx';

const KEY = ['merchant', 'contracts'] as const;
const f = contractFields;

/**
 * The add/edit contract form (合同管理): its date pickers, amount input and scan upload load with it,
 * lazily, when the form is first opened — not with the contract list (issue 20 route weight budget).
 */
interface FormValues {
  name: string;
  contractType: ContractType;
  partyName: string;
  amountYuan: number | null;
  signDate: Dayjs | null;
  period: [Dayjs, Dayjs] | null;
  fileId: string | null;
  remark: string;
  cabinetModelCode?: string | null;
  cabinetCount?: number | null;
}

export default function ContractFormModal({ editing, open, onClose }: { editing: ContractRow | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const contractType = Form.useWatch('contractType', form);
  const cabinet = contractType === CABINET_CONTRACT_TYPE;
  const models = useQuery({ queryKey: ['device', 'models'], queryFn: () => call(deviceOps.models), staleTime: Infinity, enabled: open });
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            contractType: editing.contractType as ContractType,
            partyName: editing.partyName,
            amountYuan: editing.amount / 100,
            signDate: dateToPicker(editing.signDate),
            period: [dateToPicker(editing.startDate)!, dateToPicker(editing.endDate)!],
            fileId: editing.fileId,
            remark: editing.remark,
            cabinetModelCode: editing.cabinetModelCode || null,
            cabinetCount: editing.cabinetCount || null,
          }
        : {
            name: '',
            contractType: undefined,
            partyName: '',
            amountYuan: null,
            signDate: dateToPicker(businessToday()),
            period: null,
            fileId: null,
            remark: '',
          },
    );
  }, [open, editing, form]);

  const finish = async (v: FormValues) => {
    setBusy(true);
    try {
      const body = {
        name: v.name,
        contractType: v.contractType,
        partyName: v.partyName,
        amount: Math.round((v.amountYuan ?? 0) * 100),
        // business dates: the days picked, as 'YYYY-MM-DD' (no instant, no browser time zone)
        signDate: pickerToDate(v.signDate) ?? '',
        startDate: pickerToDate(v.period?.[0]) ?? '',
        endDate: pickerToDate(v.period?.[1]) ?? '',
        fileId: v.fileId ?? null,
        remark: v.remark ?? '',
        ...(v.contractType === CABINET_CONTRACT_TYPE
          ? { cabinetModelCode: v.cabinetModelCode ?? null, cabinetCount: v.cabinetCount ?? 0 }
          : {}),
      };
      if (editing) {
        await call(contractOps.edit, { ...body, id: editing.id });
        message.success('合同已保存');
      } else {
        const res = await call(contractOps.add, body);
        message.success(`合同已创建，编号 ${res.contractNo}`);
      }
      await queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? `编辑合同 ${editing.contractNo}` : '新增合同'}
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void finish(v)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="合同名称" name="name" required rules={[zodRule(f.name)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="合同类型" name="contractType" required rules={[{ required: true, message: '请选择合同类型' }]}>
              <Select placeholder="请选择" options={Object.entries(CONTRACT_TYPES).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="签约方" name="partyName" required rules={[zodRule(f.partyName)]}>
              <Input maxLength={50} placeholder="对方单位全称" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="合同金额（元）" name="amountYuan" required rules={[{ required: true, message: '请输入合同金额' }]}>
              <InputNumber style={{ width: '100%' }} min={0} max={1_000_000_000} precision={2} placeholder="0.00" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="签订日期" name="signDate" required rules={[{ required: true, message: '请选择签订日期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="有效期" name="period" required rules={[{ required: true, message: '请选择生效日期和到期日期' }]}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {cabinet ? (
            <>
              <Col span={12}>
                <Form.Item label="柜型" name="cabinetModelCode" required rules={[{ required: true, message: '智能柜投放合同须选择柜型' }]}>
                  <Select
                    placeholder="请选择柜型"
                    loading={models.isLoading}
                    options={(models.data ?? []).map((m) => ({ value: m.code, label: `${m.name}（${m.code}）` }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="柜数"
                  name="cabinetCount"
                  required
                  extra={editing?.cabinetActivated ? `已激活${editing.cabinetActivated}台` : '合同覆盖的柜机数量，激活的设备不能超过此数'}
                  rules={[{ required: true, message: '请输入柜数' }, zodRule(f.cabinetCount)]}
                >
                  <InputNumber style={{ width: '100%' }} min={1} max={10_000} precision={0} />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col span={24}>
            <Form.Item label="合同附件" name="fileId">
              <FileUpload purpose="contract" hint="合同扫描件：PDF、PNG 或 JPEG，不超过5MB" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="备注" name="remark" rules={[zodRule(f.remark)]}>
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
