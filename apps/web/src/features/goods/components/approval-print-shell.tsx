import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ApprovalStatusTag } from './approval-parts.tsx';

const time = (v: number | null) => (v ? formatDateTime(v) : '--');

/** What every goods or mall application shows on its printable page. */
export interface PrintableApplication {
  approvalCode: string;
  kind: number;
  kindName: string;
  status: number;
  statusName: string;
  applicantName: string;
  submittedAt: number | null;
  reviewerName: string | null;
  reviewedAt: number | null;
  reason: string | null;
}

/**
 * The printable page (申请单) of an application as the server's PDF lays it out — state and people, the applied
 * fields (`fields`), what else the kind prints (`extra`: the mall's wholesale breaks), the review trail (`history`) —
 * with 下载PDF for the file itself. The page does not embed the PDF: the CSP allows no frames and headless browsers
 * have no viewer. One shell for the catalogue's and the mall's applications.
 */
export function ApprovalPrintShell<T extends PrintableApplication>({
  approvalCode,
  loading,
  data,
  listPath,
  detailPath,
  download,
  fieldsTitle,
  fields,
  extra,
  history,
}: {
  approvalCode: string;
  loading: boolean;
  data: T | undefined;
  listPath: string;
  detailPath: (approvalCode: string) => string;
  /** Fetches and saves the PDF; a failure was already shown by the catalogue. */
  download: (approvalCode: string, kind: number) => Promise<unknown>;
  fieldsTitle: (d: T) => string;
  fields: (d: T) => ReactNode;
  extra?: (d: T) => ReactNode;
  history: (d: T) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const back = <Link to={listPath}>返回新品申请列表</Link>;
  if (!approvalCode) return <Result status="warning" title="缺少申请单号" extra={back} />;
  if (loading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const d = data;
  if (!d) return <Result status="warning" title="申请不存在或已删除" extra={back} />;
  const onDownload = async () => {
    setBusy(true);
    try {
      await download(d.approvalCode, d.kind);
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <span data-testid="pdf-title">{`${d.kindName}单 ${d.approvalCode}`}</span>
          <ApprovalStatusTag status={d.status} />
        </Space>
      }
      extra={
        <Space>
          <Link to={detailPath(d.approvalCode)}>返回申请详情</Link>
          <Button type="primary" icon={<FilePdfOutlined />} loading={busy} onClick={() => void onDownload()}>
            下载PDF
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
        <Typography.Title level={5}>申请信息</Typography.Title>
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="申请单号">{d.approvalCode}</Descriptions.Item>
          <Descriptions.Item label="申请类型">{d.kindName}</Descriptions.Item>
          <Descriptions.Item label="申请状态">{d.statusName}</Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicantName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{time(d.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="审核人">{d.reviewerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{time(d.reviewedAt)}</Descriptions.Item>
          <Descriptions.Item label="原因/意见" span="filled">
            {d.reason || '--'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5}>{fieldsTitle(d)}</Typography.Title>
        <Descriptions column={2} size="small" bordered>
          {fields(d)}
        </Descriptions>
        {extra?.(d)}
        <Typography.Title level={5}>审核记录</Typography.Title>
        {history(d)}
      </Space>
    </Card>
  );
}
