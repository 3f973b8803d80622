import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Col, Form, Input, Result, Row, Select, Skeleton, Space } from 'antd';
import { CERT_LABELS, isValidCreditCode, isValidIdCardNo } from '@merchant/contracts/merchant/certificate';
import { changeSubmitInput, merchantChangeOps } from '@merchant/contracts/merchant/merchant-change';
import type { MerchantInfo, MerchantType } from '@merchant/contracts/merchant/merchant-info';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { call } from '../../../platform/call.ts';
import { FileUpload } from '../components/file-upload.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';

interface Values {
  merchantName: string;
  /** Empty until the merchant has a type (the server then asks for one). */
  merchantType: MerchantType | '';
  subjectName: string;
  legalPerson: string;
  certNo: string;
  certFileId: string | null;
  reason: string;
}
const f = changeSubmitInput.shape;

const fromInfo = (i: MerchantInfo): Values => ({
  merchantName: i.merchantName,
  merchantType: i.merchantType,
  subjectName: i.subjectName,
  legalPerson: i.legalPerson,
  certNo: i.certNo,
  certFileId: i.certFileId,
  reason: '',
});

/** change-business/:merchantId: request a reviewed change of the merchant's name, type or subject. */
export default function ChangeBusinessPage() {
  const { merchantId } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['merchant', 'change-form'], queryFn: () => call(merchantChangeOps.form) });
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(dirty && !saving);
  const info = q.data?.info;

  useEffect(() => {
    if (info) form.setFieldsValue(fromInfo(info));
  }, [info, form]);

  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!info) return <Result status="warning" title="商户信息加载失败" />;
  if (merchantId && merchantId !== String(info.merchantId)) {
    return (
      <Result
        status="403"
        title="只能变更本商户的信息"
        extra={<Link to={`/website/basic/change-business/${info.merchantId}`}>变更本商户信息</Link>}
      />
    );
  }
  if (info.pendingChange) {
    return (
      <Result
        status="info"
        title={`变更申请 ${info.pendingChange.changeCode} 正在审核`}
        subTitle="审核完成（或撤回）后才能提交新的变更申请。"
        extra={
          <Link to="/website/basic/change-view">
            <Button type="primary">查看变更记录</Button>
          </Link>
        }
      />
    );
  }
  const subjectType = info.subjectType;

  const submit = (v: Values) =>
    modal.confirm({
      title: '提交变更申请？',
      content: '提交后需管理员审核，审核通过后变更生效；审核期间不能再次提交。',
      okText: '提交',
      onOk: async () => {
        setSaving(true);
        try {
          const res = await call(merchantChangeOps.submit, {
            ...v,
            merchantType: v.merchantType as MerchantType,
            certFileId: v.certFileId ?? null,
          });
          setDirty(false);
          message.success(`变更申请 ${res.changeCode} 已提交，共${res.changes.length}项`);
          await queryClient.invalidateQueries({ queryKey: ['merchant'] });
          navigate('/website/basic/change-view');
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <Card variant="borderless" title="申请变更商户信息">
      <Alert
        style={{ marginBottom: 24 }}
        type="info"
        showIcon
        title="只需修改要变更的项目，未修改的项目保持不变。变更经管理员审核通过后生效，历史记录可在“信息变更”中查看。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        aria-label="变更申请"
        style={{ maxWidth: 880 }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label="商户名称" name="merchantName" required rules={[zodRule(f.merchantName)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="商户类型" name="merchantType" required rules={[{ required: true, message: '请选择商户类型' }]}>
              <Select options={(q.data?.merchantTypes ?? []).map((t) => ({ value: t.code, label: t.name }))} placeholder="请选择商户类型" />
            </Form.Item>
          </Col>
          {subjectType ? (
            <>
              <Col xs={24} md={12}>
                <Form.Item label="主体名称" name="subjectName" rules={[zodRule(f.subjectName)]}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              {subjectType === 'business' ? (
                <Col xs={24} md={12}>
                  <Form.Item label="法定代表人" name="legalPerson" rules={[zodRule(f.legalPerson)]}>
                    <Input maxLength={20} />
                  </Form.Item>
                </Col>
              ) : null}
              <Col xs={24} md={12}>
                <Form.Item
                  label={CERT_LABELS[subjectType]}
                  name="certNo"
                  rules={[
                    {
                      validator: async (_r, v: string | undefined) => {
                        const s = (v ?? '').trim().toUpperCase();
                        if (!s) return;
                        const ok = subjectType === 'business' ? isValidCreditCode(s) : isValidIdCardNo(s);
                        if (!ok) throw new Error(`${CERT_LABELS[subjectType]}格式不正确（18位，末位校验码需正确）`);
                      },
                    },
                  ]}
                >
                  <Input maxLength={18} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label="证件照片" name="certFileId" extra="变更主体资质时请上传变更后的证件照片">
                  <FileUpload purpose="licence" />
                </Form.Item>
              </Col>
            </>
          ) : (
            <Col span={24}>
              <Alert
                style={{ marginBottom: 24 }}
                type="warning"
                showIcon
                title="商户尚未完成入驻，主体资质请通过入驻申请提交。"
                action={<Link to="/website/basic/settle-apply">去入驻</Link>}
              />
            </Col>
          )}
          <Col span={24}>
            <Form.Item label="变更原因" name="reason" required rules={[zodRule(f.reason)]}>
              <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：已完成工商名称变更，附变更登记通知书" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={() => navigate('/website/basic/change-view')}>取消</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            提交变更申请
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
