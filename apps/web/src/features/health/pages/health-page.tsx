import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Descriptions, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/format/date.ts';
import { fetchHealth } from '../health-check.ts';

const dbLabel: Record<string, string> = { sqlite: 'SQLite（内置）', postgres: 'PostgreSQL' };

/** 检测: shows what the server's /health answers (spec §2). */
export default function HealthPage() {
  const q = useQuery({ queryKey: ['health'], queryFn: fetchHealth, retry: false, staleTime: 0 });
  const ok = q.data?.status === 'ok';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Card
        style={{ width: '100%', maxWidth: 560 }}
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            系统检测
          </Typography.Title>
        }
        extra={
          <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
            重新检测
          </Button>
        }
      >
        {q.isError ? (
          <Alert type="error" showIcon title="服务不可用" description={q.error instanceof Error ? q.error.message : '检测失败'} />
        ) : (
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="服务状态">
              {q.isPending ? '检测中…' : <Badge status={ok ? 'success' : 'error'} text={ok ? '正常' : (q.data?.status ?? '异常')} />}
            </Descriptions.Item>
            <Descriptions.Item label="数据库">{q.data ? (dbLabel[q.data.db] ?? q.data.db) : '—'}</Descriptions.Item>
            <Descriptions.Item label="服务版本">{q.data?.version ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="响应时间">{q.data ? `${q.data.latencyMs} ms` : '—'}</Descriptions.Item>
            <Descriptions.Item label="检测时间">{q.data ? formatDateTime(q.data.checkedAt) : '—'}</Descriptions.Item>
          </Descriptions>
        )}
        <Space style={{ marginTop: 16 }}>
          <Link to="/login">返回登录</Link>
        </Space>
      </Card>
    </div>
  );
}
