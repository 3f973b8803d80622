import { bulletinAllowed, bulletinDetailPath, bulletinOps, type BulletinPoint } from '@merchant/contracts/device/point-bulletin';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { BulletinFormModal } from '../components/bulletin-form-modal.tsx';
import { BulletinStatusTag } from '../components/point-busi-tags.tsx';
import { BULLETIN_LIST } from '../routes.ts';

const backToList = <Link to={BULLETIN_LIST}>返回点位公告</Link>;

/**
 * bulletin-detail/{id}/{type}/{start}/{end?}: the bulletin is read by its id; the type and dates in the URL are
 * only what the link knew. When they disagree with the record (a link from before an edit), the page shows the
 * record and replaces the URL with the record's own.
 */
export default function BulletinDetailPage() {
  const params = useParams();
  const id = Number(params.id ?? 0);
  const location = useLocation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = ['bulletin', 'detail', id] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(bulletinOps.detail, { id }), enabled: id > 0 });
  const b = q.data;

  useEffect(() => {
    if (!b) return;
    const own = bulletinDetailPath(b);
    if (decodeURI(location.pathname) !== own) void navigate(own, { replace: true });
  }, [b, location.pathname, navigate]);

  if (!(id > 0)) return <Result status="warning" title="缺少公告" extra={backToList} />;
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!b) return <Result status="warning" title="公告不存在" extra={backToList} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bulletin'] });
  const step = { id: b.id, version: b.version };
  const publish = () =>
    modal.confirm({
      title: `发布公告「${b.title}」？`,
      content: b.scope === 'all' ? '发布后在全部点位的点位详情中显示。' : `发布后在指定的${b.pointCount}个点位中显示。`,
      okText: '发布',
      onOk: async () => {
        await call(bulletinOps.publish, step);
        message.success('公告已发布');
        await refresh();
      },
    });
  const withdraw = () =>
    modal.confirm({
      title: `撤回公告「${b.title}」？`,
      content: '撤回后点位上不再显示，且不能重新发布。',
      okText: '撤回',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(bulletinOps.withdraw, step);
        message.success('公告已撤回');
        await refresh();
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {b.title}
            <BulletinStatusTag display={b.display} />
          </Space>
        }
        extra={
          <Space>
            {backToList}
            {bulletinAllowed('update', b.status) ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {bulletinAllowed('publish', b.status) ? (
              <Button type="primary" onClick={publish}>
                发布
              </Button>
            ) : null}
            {bulletinAllowed('withdraw', b.status) ? (
              <Button danger onClick={withdraw}>
                撤回
              </Button>
            ) : null}
          </Space>
        }
      >
        {b.display === 4 ? (
          <Typography.Paragraph type="secondary">结束日期已过，公告已不在点位上显示（已过期）。</Typography.Paragraph>
        ) : null}
        <Descriptions column={3} size="small" bordered>
          <Descriptions.Item label="公告编号">
            <Typography.Text copyable>{b.bulletinCode}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="类型">{b.bulletinTypeName}</Descriptions.Item>
          <Descriptions.Item label="状态">{b.displayName}</Descriptions.Item>
          <Descriptions.Item label="开始日期">{b.startDate}</Descriptions.Item>
          <Descriptions.Item label="结束日期">{b.endDate || '长期有效'}</Descriptions.Item>
          <Descriptions.Item label="适用点位">{b.scope === 'all' ? '全部点位' : `指定${b.pointCount}个点位`}</Descriptions.Item>
          <Descriptions.Item label="创建人">{b.creatorName}</Descriptions.Item>
          <Descriptions.Item label="发布人">{b.publisherName || '--'}</Descriptions.Item>
          <Descriptions.Item label="发布时间">{b.publishedAt ? formatDateTime(b.publishedAt) : '--'}</Descriptions.Item>
          <Descriptions.Item label="公告内容" span={3}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{b.content}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {b.scope === 'points' ? (
        <Card variant="borderless" title={`指定点位（${b.pointCount}个）`}>
          <Table<BulletinPoint>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={b.points}
            columns={[
              {
                title: '点位编号',
                dataIndex: 'pointCode',
                width: 140,
                render: (v: string, p) => <Link to={`/website/point-busi/point-detail/${p.id}`}>{v}</Link>,
              },
              { title: '点位名称', dataIndex: 'name' },
              { title: '营业状态', dataIndex: 'statusName', width: 120 },
            ]}
          />
        </Card>
      ) : null}
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={bulletinOps.history} input={{ id: b.id }} queryKey={key} />
      </Card>
      {editing && (
        <BulletinFormModal
          bulletin={b}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
