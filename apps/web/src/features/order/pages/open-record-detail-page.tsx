import { doorSessionOps, type DoorEvent, type DoorSessionDetail } from '@merchant/contracts/order/door-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { DocumentLoading, DocumentNotFound } from '../../../platform/document-detail.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { DoorSessionStatusTag, orderDetailPath, ORDER_LIST_PATH } from '../components/order-parts.tsx';

const dash = (s: string) => s || '--';

/** The dot of a timeline step: red where the session went wrong, green where it moved on, grey for an ignored report. */
const EVENT_COLORS: Record<string, string> = {
  opened: 'green',
  closed: 'green',
  order: 'green',
  failed: 'red',
  timeout: 'red',
  offline: 'red',
  late: 'orange',
  duplicate: 'gray',
};

/** The event's data as received, indented when it is JSON. */
function prettyData(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

function EventBody({ event }: { event: DoorEvent }) {
  return (
    <div data-testid="door-event">
      <Space size={8} wrap>
        <Typography.Text strong>{event.typeName}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(event.at)}</Typography.Text>
      </Space>
      {event.summary ? <div>{event.summary}</div> : null}
      {event.data ? (
        <details style={{ marginTop: 4 }}>
          <summary style={{ cursor: 'pointer', color: 'rgba(0,0,0,0.45)' }}>原始数据</summary>
          <pre
            style={{
              margin: '4px 0 0',
              padding: 8,
              maxHeight: 320,
              overflow: 'auto',
              background: 'rgba(0,0,0,0.04)',
              borderRadius: 4,
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {prettyData(event.data)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function SessionView({ session: s }: { session: DoorSessionDetail }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="open-record-title">开门记录 {s.applyCode}</span>
            <DoorSessionStatusTag status={s.status} name={s.statusName} />
          </Space>
        }
      >
        {s.failReason ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={s.failReason} /> : null}
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'applyCode', label: '开门单号', children: s.applyCode },
            { key: 'device', label: '设备', children: `${s.deviceCode}${s.deviceName ? `（${s.deviceName}）` : ''}` },
            { key: 'point', label: '点位', children: dash(s.pointName) },
            { key: 'user', label: '用户', children: `${s.userId}${s.userPhone ? `（${s.userPhone}）` : ''}` },
            { key: 'appName', label: '开门应用', children: dash(s.appName) },
            { key: 'commandNo', label: '开门指令号', children: dash(s.commandNo) },
            { key: 'status', label: '状态', children: <DoorSessionStatusTag status={s.status} name={s.statusName} /> },
            { key: 'requestedAt', label: '请求时间', children: formatDateTime(s.requestedAt) },
            { key: 'openedAt', label: '开门时间', children: formatDateTime(s.openedAt) },
            { key: 'closedAt', label: '关门时间', children: formatDateTime(s.closedAt) },
            { key: 'failReason', label: '失败原因', children: dash(s.failReason) },
            {
              key: 'orderNoSub',
              label: '订单号',
              children: s.orderNoSub ? <Link to={orderDetailPath(s.orderNoSub)}>{s.orderNoSub}</Link> : '--',
            },
          ]}
        />
      </Card>
      <Card variant="borderless" title="开门过程">
        {s.events.length ? (
          <div data-testid="door-timeline">
            <Timeline
              items={s.events.map((e, i) => ({
                key: i,
                color: EVENT_COLORS[e.type] ?? 'blue',
                content: <EventBody event={e} />,
              }))}
            />
          </div>
        ) : (
          <Empty description="暂无开门过程记录" />
        )}
      </Card>
    </Space>
  );
}

/** open-record-list-detail/:applyCode — one door-open session: who opened which cabinet, and the device's steps on a timeline. */
export default function OpenRecordDetailPage() {
  const { applyCode = '' } = useParams();
  const q = useQuery({
    queryKey: ['order', 'door-session', 'detail', applyCode],
    queryFn: () => call(doorSessionOps.detail, { applyCode }),
    enabled: !!applyCode,
    retry: false,
  });
  if (q.isLoading) return <DocumentLoading />;
  if (!q.data) return <DocumentNotFound title="找不到该开门记录" back={{ to: ORDER_LIST_PATH, label: '返回销售订单' }} />;
  return <SessionView session={q.data} />;
}
