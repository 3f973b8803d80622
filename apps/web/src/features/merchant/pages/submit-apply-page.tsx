import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Checkbox, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { CERT_LABELS } from '@merchant/contracts/merchant/certificate';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { settleApplyOps } from '@merchant/contracts/merchant/settle-apply';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { call } from '../../../platform/call.ts';
import { FilePreview } from '../components/file-preview.tsx';
import { SettleSteps, useSettleCurrent } from '../components/settle-steps.tsx';

/** submit-apply: step 3, everything at a glance, confirmed and submitted for review. */
export default function SubmitApplyPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useSettleCurrent();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (current.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const draft = current.data?.apply?.status === 0 ? current.data.apply : null;
  if (!draft) {
    return (
      <Card variant="borderless">
        <SettleSteps current={2} />
        <Result
          status="info"
          title="没有待提交的入驻申请"
          extra={
            <Link to="/website/basic/settle-apply">
              <Button type="primary">返回入驻申请</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const missingLines = draft.businessLines.length === 0;

  const submit = async () => {
    setBusy(true);
    try {
      await call(settleApplyOps.submit, { id: draft.id });
      await queryClient.invalidateQueries({ queryKey: ['merchant'] });
      message.success('入驻申请已提交，请等待审核');
      navigate('/website/basic/apply-result');
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="borderless" title={`入驻申请 ${draft.applyCode}`}>
      <SettleSteps current={2} />
      <div style={{ maxWidth: 880, margin: '0 auto' }}>
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          title="请确认申请信息"
          extra={<Link to="/website/basic/settle-apply-person-bus">修改主体信息</Link>}
          items={[
            { key: 'type', label: '主体类型', children: draft.subjectTypeName },
            { key: 'name', label: '主体名称', children: draft.subjectName },
            { key: 'cert', label: CERT_LABELS[draft.subjectType], children: draft.certNo },
            ...(draft.subjectType === 'business' ? [{ key: 'legal', label: '法定代表人', children: draft.legalPerson }] : []),
            { key: 'contact', label: '联系人', children: draft.contactName },
            // settle-apply is this page: its holders may reveal the number they typed
            {
              key: 'phone',
              label: '联系电话',
              children: (
                <MaskedPhone
                  value={draft.contactPhone}
                  canReveal
                  reveal={() => call(phoneRevealOps.reveal, { kind: 'settle', id: draft.id }).then((r) => r.phone)}
                />
              ),
            },
            {
              key: 'address',
              label: '地址',
              span: 2,
              children: [draft.province, draft.city, draft.district, draft.address].filter(Boolean).join(' '),
            },
            { key: 'file', label: '证件照片', span: 2, children: <FilePreview id={draft.certFileId} /> },
            {
              key: 'lines',
              label: '业务线',
              span: 2,
              children: missingLines ? (
                <Link to="/website/basic/bus-line">尚未选择，去选择</Link>
              ) : (
                draft.businessLineNames.map((n) => (
                  <Tag key={n} color="blue">
                    {n}
                  </Tag>
                ))
              ),
            },
            { key: 'remark', label: '补充说明', span: 2, children: draft.remark || '--' },
          ]}
        />
        <Checkbox style={{ margin: '16px 0' }} checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
          我确认以上信息真实、准确、有效，并同意平台对资质进行审核
        </Checkbox>
        <div>
          <Space>
            <Button onClick={() => navigate('/website/basic/bus-line')}>上一步</Button>
            <Button type="primary" disabled={!agreed || missingLines} loading={busy} onClick={() => void submit()}>
              提交申请
            </Button>
          </Space>
        </div>
      </div>
    </Card>
  );
}
