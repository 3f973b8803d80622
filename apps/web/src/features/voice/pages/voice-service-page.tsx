import {
  VOICE_STATUS,
  VOICE_TRANSITION_LABELS,
  VOICE_TRANSITIONS,
  VOICE_TYPES,
  voiceOps,
  type VoicePush,
  type VoiceRow,
  type VoiceStatus,
} from '@merchant/contracts/voice/voice-prompt';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SendOutlined, SoundOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format/date.ts';
import { call, listLoader } from '../../../platform/call.ts';
import { KeysetTable } from '../../../platform/list/keyset-table.tsx';
import { RecordHistory } from '../../../platform/record-history.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { PushStatusTag, VoiceStatusTag } from '../components/voice-tags.tsx';
import { VoiceFormModal } from '../components/voice-form-modal.tsx';
import { speakChinese } from '../components/speak.ts';

const KEY = ['voice', 'prompts'] as const;
const scopeText = (r: VoiceRow) =>
  r.scope === 'model' ? `按柜型：${r.modelName}` : r.scope === 'devices' ? `指定设备：${r.deviceCodes.length}台` : '全部设备';

const PUSH_COLUMNS: ColumnsType<VoicePush> = [
  { title: '设备', dataIndex: 'deviceCode', width: 130 },
  { title: '设备名称', dataIndex: 'deviceName', ellipsis: true },
  { title: '推送状态', dataIndex: 'status', width: 90, render: (v: number) => <PushStatusTag status={v} /> },
  { title: '推送时间', dataIndex: 'pushedAt', width: 170, render: formatDateTime },
  { title: '确认时间', dataIndex: 'ackedAt', width: 170, render: (v: number) => (v ? formatDateTime(v) : '--') },
  { title: '设备回复', dataIndex: 'result', width: 140, render: (v: string) => v || '--' },
];

/** voice-service: voice prompts cabinets play, 试听 in the browser, pushed to the cabinets (同步语音) with their status. */
export default function VoiceServicePage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<VoiceRow | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['voice'] });
  const current = useQuery({
    queryKey: [...KEY, open],
    queryFn: () => call(voiceOps.detail, { promptCode: open! }),
    enabled: Boolean(open),
  });

  const preview = async (text: string) => {
    const r = await speakChinese(text);
    if (!r.ok) message.warning(r.reason);
  };
  const setStatus = (r: VoiceRow, status: VoiceStatus) =>
    modal.confirm({
      title: `确认${VOICE_TRANSITION_LABELS[status]}语音提醒“${r.name}”？`,
      content: '推送到设备后生效。',
      okButtonProps: { danger: status === 2 },
      onOk: async () => {
        await call(voiceOps.setStatus, { promptCode: r.promptCode, version: r.version, status });
        message.success(`已${VOICE_STATUS[status]}`);
        await refresh();
      },
    });
  const push = (r: VoiceRow) =>
    modal.confirm({
      title: `推送“${r.name}”到设备？`,
      content: `向${scopeText(r)}中已激活的设备发送「同步语音」指令，设备将更新为其适用的全部启用语音。`,
      onOk: async () => {
        const res = await call(voiceOps.push, { promptCode: r.promptCode });
        message.success(`已推送到${res.pushed}台设备`);
        setOpen(r.promptCode);
        await refresh();
      },
    });

  const columns: ListColumn<VoiceRow>[] = [
    {
      key: 'promptCode',
      title: '语音编号',
      width: 140,
      search: { type: 'text', placeholder: '如 YY2611210042' },
      render: (v) => <a onClick={() => setOpen(String(v))}>{String(v)}</a>,
    },
    { key: 'name', title: '语音名称', width: 180, search: { type: 'text' } },
    {
      key: 'voiceType',
      title: '类型',
      dataIndex: 'voiceTypeName',
      width: 90,
      search: { type: 'select', options: Object.entries(VOICE_TYPES).map(([value, label]) => ({ value, label })) },
    },
    { key: 'content', title: '播报内容', width: 280, ellipsis: true },
    { key: 'timeFrom', title: '播放时段', width: 110, render: (_v, r) => `${r.timeFrom}-${r.timeTo}` },
    { key: 'dateFrom', title: '有效期', width: 200, render: (_v, r) => `${r.dateFrom} 至 ${r.dateTo}` },
    { key: 'scope', title: '适用设备', width: 150, render: (_v, r) => scopeText(r) },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <VoiceStatusTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(VOICE_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    {
      key: 'lastPushedAt',
      title: '最近推送',
      width: 170,
      render: (v, r) => (v ? `${formatDateTime(v as number)}（${r.lastPushCount}台）` : '未推送'),
    },
    { key: 'updatedAt', title: '更新时间', width: 170, sortable: true, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 200,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => void preview(r.content)}>试听</a>
          <a onClick={() => setEditing(r)}>编辑</a>
          {VOICE_TRANSITIONS[r.status as VoiceStatus].map((s) => (
            <a key={s} onClick={() => setStatus(r, s)}>
              {VOICE_TRANSITION_LABELS[s]}
            </a>
          ))}
          <a onClick={() => push(r)}>推送</a>
        </Space>
      ),
    },
  ];

  const v = current.data;
  return (
    // spec §2: this page has no padding (the layout leaves it flush)
    <>
      <QueryList<VoiceRow>
        queryKey={KEY}
        request={listLoader(voiceOps.list)}
        columns={columns}
        rowKey="id"
        title="语音提醒"
        exportable={{ operation: voiceOps.list }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增语音
          </Button>
        }
      />
      {editing ? (
        <VoiceFormModal
          prompt={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <Drawer
        open={Boolean(open)}
        size={1000}
        title={v ? `${v.name}（${v.promptCode}）` : '语音提醒'}
        onClose={() => setOpen(null)}
        extra={
          v ? (
            <Space>
              <Button icon={<SoundOutlined />} onClick={() => void preview(v.content)}>
                试听
              </Button>
              <Button type="primary" icon={<SendOutlined />} onClick={() => push(v)}>
                推送到设备
              </Button>
            </Space>
          ) : null
        }
      >
        {v ? (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="状态">
                <VoiceStatusTag status={v.status} />
              </Descriptions.Item>
              <Descriptions.Item label="类型">{v.voiceTypeName}</Descriptions.Item>
              <Descriptions.Item label="播报内容" span={2}>
                {v.content}
              </Descriptions.Item>
              <Descriptions.Item label="播放时段">{`${v.timeFrom}-${v.timeTo}`}</Descriptions.Item>
              <Descriptions.Item label="有效期">{`${v.dateFrom} 至 ${v.dateTo}`}</Descriptions.Item>
              <Descriptions.Item label="适用设备" span={2}>
                {v.scope === 'devices' ? `指定设备：${v.deviceCodes.join('、')}` : scopeText(v)}
              </Descriptions.Item>
              <Descriptions.Item label="最近推送">
                {v.lastPushedAt ? `${formatDateTime(v.lastPushedAt)}（${v.lastPushCount}台）` : '未推送'}
              </Descriptions.Item>
              <Descriptions.Item label="更新时间">{formatDateTime(v.updatedAt)}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>推送记录</Typography.Title>
            {/* keyed by the last push: a new push starts again at the first (newest) page */}
            <KeysetTable<typeof voiceOps.pushes, VoicePush>
              key={`${v.promptCode}-${v.lastPushedAt ?? 0}`}
              operation={voiceOps.pushes}
              input={{ promptCode: v.promptCode }}
              queryKey={[...KEY, open, 'pushes']}
              columns={PUSH_COLUMNS}
              rowKey="id"
              emptyText="尚未推送"
              // while a cabinet has not answered yet, look again every 2 s
              refetchInterval={(rows) => (rows.some((p) => p.status === 1) ? 2000 : false)}
              testId="voice-pushes"
            />
            <Typography.Title level={5}>操作记录</Typography.Title>
            <RecordHistory operation={voiceOps.history} input={{ promptCode: v.promptCode }} queryKey={[...KEY, open]} />
          </Space>
        ) : null}
      </Drawer>
    </>
  );
}
