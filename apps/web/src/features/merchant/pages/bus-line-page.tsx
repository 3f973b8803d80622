import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { settleApplyOps, settleLinesInput, type BusinessLine } from '@merchant/contracts/merchant/settle-apply';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { SETTLE_CURRENT_KEY, SettleSteps, useSettleCurrent } from '../components/settle-steps.tsx';

interface Values {
  businessLines: BusinessLine[];
  remark: string;
}

/** bus-line: step 2, the business lines applied for. */
export default function BusLinePage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useSettleCurrent();
  const lines = useQuery({
    queryKey: ['merchant', 'business-lines'],
    queryFn: () => call(settleApplyOps.businessLines),
    staleTime: Infinity,
  });
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(dirty && !saving);
  const draft = current.data?.apply?.status === 0 ? current.data.apply : null;

  // Lines the merchant already runs are not applied for again (the server refuses them too).
  const opened = new Set((lines.data ?? []).filter((l) => l.opened).map((l) => l.code));
  const openedKey = [...opened].join(',');
  const allOpened = !!lines.data && lines.data.length > 0 && opened.size === lines.data.length;

  useEffect(() => {
    if (!draft) return;
    const has = new Set(openedKey.split(','));
    form.setFieldsValue({ businessLines: draft.businessLines.filter((l) => !has.has(l)), remark: draft.remark });
  }, [draft, form, openedKey]);

  if (current.isLoading || lines.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!draft) {
    return (
      <Card variant="borderless">
        <SettleSteps current={1} />
        <Result
          status="info"
          title="请先填写主体信息"
          extra={
            <Link to="/website/basic/settle-apply-person-bus">
              <Button type="primary">去填写</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await call(settleApplyOps.saveLines, { id: draft.id, ...v });
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: SETTLE_CURRENT_KEY });
      message.success('业务线已保存');
      navigate('/website/basic/submit-apply');
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title={`入驻申请 ${draft.applyCode}`}>
      <SettleSteps current={1} />
      {opened.size > 0 ? (
        <Alert
          type={allOpened ? 'success' : 'info'}
          showIcon
          style={{ maxWidth: 880, margin: '0 auto 16px' }}
          title={
            allOpened
              ? '所有业务线均已开通，无需再申请'
              : `已开通的业务线（${[...opened].map((c) => lines.data?.find((l) => l.code === c)?.name).join('、')}）无需重复申请`
          }
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setDirty(true)}
        aria-label="业务线"
        style={{ maxWidth: 880, margin: '0 auto' }}
      >
        <Form.Item label="申请的业务线" name="businessLines" required rules={[zodRule(settleLinesInput.shape.businessLines)]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Row gutter={[16, 16]} style={{ width: '100%' }}>
              {(lines.data ?? []).map((l) => (
                <Col key={l.code} xs={24} md={12}>
                  <Card size="small" hoverable={!l.opened} className={l.opened ? 'bus-line-opened' : undefined}>
                    <Checkbox value={l.code} disabled={l.opened}>
                      <Typography.Text strong>{l.name}</Typography.Text>
                      {l.opened ? (
                        <Tag color="success" style={{ marginLeft: 8 }}>
                          已开通
                        </Tag>
                      ) : null}
                      <br />
                      <Typography.Text type="secondary">{l.desc}</Typography.Text>
                    </Checkbox>
                  </Card>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label="补充说明" name="remark" rules={[zodRule(settleLinesInput.shape.remark)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如经营规模、计划开设的门店或点位数量" />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate('/website/basic/settle-apply-person-bus')}>上一步</Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={allOpened}>
            保存并下一步
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
