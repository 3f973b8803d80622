import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, Radio, Row, Skeleton, Space } from 'antd';
import { CERT_LABELS, isValidCreditCode, isValidIdCardNo, SUBJECT_TYPES, type SubjectType } from '@merchant/contracts/merchant/certificate';
import { settleApplyOps, settleSubjectInput, type SettleApply } from '@merchant/contracts/merchant/settle-apply';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { call } from '../../../platform/call.ts';
import { FileUpload } from '../components/file-upload.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { SETTLE_CURRENT_KEY, SettleSteps, useSettleCurrent } from '../components/settle-steps.tsx';

interface Values {
  subjectType: SubjectType;
  subjectName: string;
  certNo: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  certFileId: string | null;
}
const f = settleSubjectInput.shape;

function fromApply(a: SettleApply): Values {
  return {
    subjectType: a.subjectType,
    subjectName: a.subjectName,
    certNo: a.certNo,
    legalPerson: a.legalPerson,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    province: a.province,
    city: a.city,
    district: a.district,
    address: a.address,
    certFileId: a.certFileId,
  };
}

/** settle-apply-person-bus: step 1, the individual or business subject with its certificate. */
export default function SettleApplyPersonBusPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useSettleCurrent();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const subjectType = Form.useWatch('subjectType', form) ?? 'business';
  useLeaveGuard(dirty && !saving);
  const apply = current.data?.apply ?? null;
  const draft = apply?.status === 0 ? apply : null;

  useEffect(() => {
    if (apply?.status === 1) navigate('/website/basic/apply-result', { replace: true });
    else if (apply) form.setFieldsValue(fromApply(apply));
  }, [apply, form, navigate]);

  if (current.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await call(settleApplyOps.saveSubject, { ...v, id: draft?.id });
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: SETTLE_CURRENT_KEY });
      message.success(draft ? '主体信息已保存' : '已创建入驻申请草稿');
      navigate('/website/basic/bus-line');
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title={draft ? `入驻申请 ${draft.applyCode}` : '新的入驻申请'}>
      <SettleSteps current={0} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ subjectType: 'business', legalPerson: '', district: '', certFileId: null }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setDirty(true)}
        aria-label="主体信息"
        style={{ maxWidth: 880, margin: '0 auto' }}
        scrollToFirstError
      >
        <Form.Item label="主体类型" name="subjectType" required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={Object.entries(SUBJECT_TYPES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              label={subjectType === 'business' ? '企业名称' : '姓名/个体户名称'}
              name="subjectName"
              required
              rules={[zodRule(f.subjectName)]}
            >
              <Input maxLength={50} placeholder={subjectType === 'business' ? '与营业执照一致' : '与身份证或个体工商户执照一致'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={CERT_LABELS[subjectType]}
              name="certNo"
              required
              dependencies={['subjectType']}
              rules={[
                {
                  validator: async (_r, v: string | undefined) => {
                    const s = (v ?? '').trim().toUpperCase();
                    if (!s) throw new Error(`请输入${CERT_LABELS[subjectType]}`);
                    const ok = subjectType === 'business' ? isValidCreditCode(s) : isValidIdCardNo(s);
                    if (!ok) throw new Error(`${CERT_LABELS[subjectType]}格式不正确（18位，末位校验码需正确）`);
                  },
                },
              ]}
            >
              <Input maxLength={18} placeholder="18位" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          {subjectType === 'business' ? (
            <Col xs={24} md={12}>
              <Form.Item
                label="法定代表人"
                name="legalPerson"
                required
                rules={[{ required: true, whitespace: true, message: '请输入法定代表人' }, zodRule(f.legalPerson)]}
              >
                <Input maxLength={20} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item label="联系人" name="contactName" required rules={[zodRule(f.contactName)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="联系电话" name="contactPhone" required rules={[zodRule(f.contactPhone)]}>
              <Input maxLength={11} placeholder="11位手机号" />
            </Form.Item>
          </Col>
          <AddressFields fields={f} addressPlaceholder="与证件登记地址一致" />
          <Col span={24}>
            <Form.Item
              label={subjectType === 'business' ? '营业执照照片' : '身份证人像面或个体工商户执照'}
              name="certFileId"
              required
              rules={[{ required: true, message: '请上传证件照片' }]}
            >
              <FileUpload purpose="licence" hint="请上传清晰完整的证件照片或扫描件：PNG、JPEG 或 PDF，不超过5MB" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={() => navigate('/website/basic/settle-apply')}>返回</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存并下一步
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
