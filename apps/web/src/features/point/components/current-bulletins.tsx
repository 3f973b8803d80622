import { bulletinDetailPath, bulletinOps } from '@merchant/contracts/device/point-bulletin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, List, Space, Tag, Typography } from 'antd';
import { call } from '../../../platform/call.ts';

/** 当前公告 of a point (point-detail): published bulletins in force today that apply to it. */
export function CurrentBulletins({ pointId, canOpen }: { pointId: number; canOpen: boolean }) {
  const q = useQuery({ queryKey: ['bulletin', 'current', pointId], queryFn: () => call(bulletinOps.current, { pointId }) });
  if (!q.data?.length) return null;
  return (
    <Card variant="borderless" title={`当前公告（${q.data.length}条）`} data-testid="current-bulletins">
      <List
        size="small"
        dataSource={q.data}
        renderItem={(b) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space>
                  <Tag color="blue">{b.bulletinTypeName}</Tag>
                  {canOpen ? <Link to={bulletinDetailPath(b)}>{b.title}</Link> : b.title}
                  <Typography.Text type="secondary">
                    {b.startDate} 至 {b.endDate || '长期'}
                  </Typography.Text>
                </Space>
              }
              description={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{b.content}</Typography.Paragraph>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
