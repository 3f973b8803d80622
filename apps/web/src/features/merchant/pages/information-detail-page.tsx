import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import { CERT_LABELS, SUBJECT_TYPES, maskCertNo } from '@merchant/contracts/merchant/certificate';
import { merchantInfoOps } from '@merchant/contracts/merchant/merchant-info';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { BUSINESS_LINES, type BusinessLine } from '@merchant/contracts/merchant/settle-apply';
import { formatDateTime } from '../../../shared/format/date.ts';
import { MaskedPhone } from '../../../shared/ui/masked-phone.tsx';
import { call } from '../../../platform/call.ts';
import { FilePreview } from '../components/file-preview.tsx';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { settleColor } from '../components/status-tag.tsx';

const dash = (v: string | null | undefined) => (v ? v : '--');

/** information-detail: the merchant's information as description lists. */
export default function InformationDetailPage() {
  const q = useQuery({ queryKey: ['merchant', 'info'], queryFn: () => call(merchantInfoOps.detail) });
  const canEdit = useHasAnchor('account-setting');
  const canChange = useHasAnchor('change-view');
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const info = q.data;
  if (!info) return <Result status="warning" title="商户信息加载失败" extra={<Button onClick={() => void q.refetch()}>重试</Button>} />;
  const region = [info.province, info.city, info.district].filter(Boolean).join(' ');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {info.pendingChange ? (
        <Alert
          type="info"
          showIcon
          title={`信息变更申请 ${info.pendingChange.changeCode} 正在审核中，审核通过后以下信息将更新。`}
          action={canChange ? <Link to="/website/basic/change-view">查看</Link> : undefined}
        />
      ) : null}
      <Card
        variant="borderless"
        title="基本信息"
        extra={
          <Space>
            {canEdit ? (
              <Link to="/website/basic/account-setting">
                <Button icon={<EditOutlined />}>修改信息</Button>
              </Link>
            ) : null}
            {canChange ? (
              <Link to={`/website/basic/change-business/${info.merchantId}`}>
                <Button icon={<SwapOutlined />}>申请变更</Button>
              </Link>
            ) : null}
          </Space>
        }
      >
        <Descriptions
          column={{ xs: 1, sm: 2, xl: 3 }}
          items={[
            { key: 'code', label: '商户编号', children: info.merchantCode },
            { key: 'name', label: '商户名称', children: info.merchantName },
            { key: 'short', label: '商户简称', children: dash(info.shortName) },
            { key: 'type', label: '商户类型', children: dash(info.merchantTypeName) },
            { key: 'settle', label: '入驻状态', children: <Tag color={settleColor(info.settleStatus)}>{info.settleStatusName}</Tag> },
            { key: 'created', label: '注册时间', children: formatDateTime(info.createdAt) },
            {
              key: 'tags',
              label: '主营标签',
              span: 'filled',
              children: info.mainTagNames.length
                ? info.mainTagNames.map((t) => (
                    <Tag key={t} color="blue">
                      {t}
                    </Tag>
                  ))
                : '--',
            },
            { key: 'intro', label: '商户简介', span: 'filled', children: dash(info.intro) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="联系信息">
        <Descriptions
          column={{ xs: 1, sm: 2, xl: 3 }}
          items={[
            { key: 'contact', label: '联系人', children: dash(info.contactName) },
            {
              key: 'phone',
              label: '联系电话',
              children: (
                <MaskedPhone
                  value={info.contactPhone}
                  canReveal={canEdit}
                  reveal={() => call(phoneRevealOps.reveal, { kind: 'merchantContact', id: info.merchantId }).then((r) => r.phone)}
                />
              ),
            },
            {
              key: 'service',
              label: '客服电话',
              children: (
                <MaskedPhone
                  value={info.servicePhone}
                  canReveal={canEdit}
                  reveal={() => call(phoneRevealOps.reveal, { kind: 'merchantService', id: info.merchantId }).then((r) => r.phone)}
                />
              ),
            },
            { key: 'email', label: '邮箱', children: dash(info.email) },
            { key: 'region', label: '所在地区', children: dash(region) },
            { key: 'address', label: '详细地址', children: dash(info.address) },
            { key: 'updated', label: '最近更新', children: formatDateTime(info.updatedAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="主体信息">
        {info.subjectType ? (
          <Descriptions
            column={{ xs: 1, sm: 2, xl: 3 }}
            items={[
              { key: 'stype', label: '主体类型', children: SUBJECT_TYPES[info.subjectType] },
              { key: 'sname', label: '主体名称', children: info.subjectName },
              ...(info.subjectType === 'business' ? [{ key: 'legal', label: '法定代表人', children: dash(info.legalPerson) }] : []),
              { key: 'cert', label: CERT_LABELS[info.subjectType], children: maskCertNo(info.certNo) },
              { key: 'settled', label: '入驻时间', children: formatDateTime(info.settledAt) },
              {
                key: 'lines',
                label: '业务线',
                span: 'filled',
                children: info.businessLines.length
                  ? info.businessLines.map((l) => <Tag key={l}>{BUSINESS_LINES[l as BusinessLine]?.name ?? l}</Tag>)
                  : '--',
              },
              { key: 'file', label: '证件照片', span: 'filled', children: <FilePreview id={info.certFileId} /> },
            ]}
          />
        ) : (
          <Result
            status="info"
            title="尚未完成入驻"
            subTitle="提交入驻申请并审核通过后，这里将显示经营主体与资质信息。"
            extra={
              <Link to="/website/basic/settle-apply">
                <Button type="primary">去入驻</Button>
              </Link>
            }
          />
        )}
      </Card>
    </Space>
  );
}
