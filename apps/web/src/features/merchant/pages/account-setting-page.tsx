import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { merchantInfoFields, merchantInfoOps, type MerchantInfo } from '@merchant/contracts/merchant/merchant-info';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { RevealPhoneSuffix } from '../../../shared/ui/masked-phone.tsx';
import { describeChange } from '@merchant/contracts/merchant/field-value';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';

type Values = Pick<
  MerchantInfo,
  | 'shortName'
  | 'mainTags'
  | 'contactName'
  | 'contactPhone'
  | 'servicePhone'
  | 'email'
  | 'province'
  | 'city'
  | 'district'
  | 'address'
  | 'intro'
>;
const f = merchantInfoFields;

function pickValues(info: MerchantInfo): Values {
  const { shortName, mainTags, contactName, contactPhone, servicePhone, email, province, city, district, address, intro } = info;
  return { shortName, mainTags, contactName, contactPhone, servicePhone, email, province, city, district, address, intro };
}

/** account-setting: edit the information that changes without review; name and type go through a change request. */
export default function AccountSettingPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['merchant', 'settings'], queryFn: () => call(merchantInfoOps.settings) });
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const canChange = useHasAnchor('change-view');
  const canReveal = useHasAnchor('account-setting');
  const contactPhone = Form.useWatch('contactPhone', form);
  const servicePhone = Form.useWatch('servicePhone', form);
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (q.data) form.setFieldsValue(pickValues(q.data.info));
  }, [q.data, form]);

  if (q.isLoading || !q.data)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const { info, mainTags } = q.data;

  const save = async (values: Values) => {
    const check = await call(merchantInfoOps.updateCheck, values);
    if (check.changes.length === 0) {
      message.info('没有需要保存的修改');
      setDirty(false);
      return;
    }
    modal.confirm({
      title: '确认保存以下修改？',
      width: 520,
      content: (
        <ul style={{ paddingLeft: 18, margin: '8px 0 0' }}>
          {check.changes.map((c) => (
            <li key={c.field}>{describeChange(c)}</li>
          ))}
        </ul>
      ),
      okText: '保存',
      onOk: async () => {
        setSaving(true);
        try {
          await call(merchantInfoOps.update, values);
          message.success('商户信息已保存');
          setDirty(false);
          await queryClient.invalidateQueries({ queryKey: ['merchant'] });
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title="账户设置">
        {info.pendingChange ? (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={`变更申请 ${info.pendingChange.changeCode} 审核中`}
            description="商户名称、商户类型与主体资质的修改需审核通过后生效。"
          />
        ) : null}
        <Descriptions
          column={{ xs: 1, sm: 2, xl: 3 }}
          items={[
            { key: 'code', label: '商户编号', children: info.merchantCode },
            { key: 'name', label: '商户名称', children: info.merchantName },
            { key: 'type', label: '商户类型', children: info.merchantTypeName || '--' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          商户名称、商户类型与主体资质需提交变更申请，审核通过后生效。
          {canChange ? <Link to={`/website/basic/change-business/${info.merchantId}`}>申请变更</Link> : null}
        </Typography.Paragraph>
      </Card>
      <Card variant="borderless" title="可直接修改的信息">
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v)}
          onValuesChange={() => setDirty(true)}
          aria-label="账户设置"
          style={{ maxWidth: 960 }}
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="商户简称" name="shortName" rules={[zodRule(f.shortName)]}>
                <Input maxLength={20} placeholder="对外展示的简称" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="主营标签" name="mainTags" rules={[zodRule(f.mainTags)]} extra="最多选5个">
                <Select
                  mode="multiple"
                  options={mainTags.map((t) => ({ value: t.code, label: t.name }))}
                  placeholder="请选择主营标签"
                  maxCount={5}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="联系人" name="contactName" required rules={[zodRule(f.contactName)]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="联系电话" name="contactPhone" required rules={[zodRule(f.contactPhone)]}>
                <Input
                  maxLength={11}
                  placeholder="11位手机号"
                  suffix={
                    <RevealPhoneSuffix
                      value={contactPhone}
                      canReveal={canReveal}
                      reveal={() => call(phoneRevealOps.reveal, { kind: 'merchantContact', id: info.merchantId }).then((r) => r.phone)}
                      onRevealed={(phone) => form.setFieldValue('contactPhone', phone)}
                    />
                  }
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="客服电话" name="servicePhone" rules={[zodRule(f.servicePhone)]}>
                <Input
                  maxLength={20}
                  placeholder="手机号、座机（如 021-64581234）或400电话"
                  suffix={
                    <RevealPhoneSuffix
                      value={servicePhone}
                      canReveal={canReveal}
                      reveal={() => call(phoneRevealOps.reveal, { kind: 'merchantService', id: info.merchantId }).then((r) => r.phone)}
                      onRevealed={(phone) => form.setFieldValue('servicePhone', phone)}
                    />
                  }
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="邮箱" name="email" rules={[zodRule(f.email)]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <AddressFields fields={f} />
            <Col span={24}>
              <Form.Item label="商户简介" name="intro" rules={[zodRule(f.intro)]}>
                <Input.TextArea rows={3} maxLength={300} showCount />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
              保存
            </Button>
            <Button
              disabled={!dirty}
              onClick={() => {
                form.setFieldsValue(pickValues(info));
                setDirty(false);
              }}
            >
              撤销修改
            </Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
