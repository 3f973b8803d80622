import { templateAllowed, templateOps, type TemplateApplyRow } from '@merchant/contracts/cabinet-goods/template';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, listLoader } from '../../../platform/call.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { ApplyDevicesModal } from '../components/apply-devices-modal.tsx';
import { PushStatusTag, TemplateStatusTag } from '../components/cabinet-goods-tags.tsx';
import { TemplateForm } from '../components/template-form.tsx';
import { SCENE_LIST } from '../routes.ts';

const backToList = <Link to={SCENE_LIST}>返回商品模板</Link>;
const time = (v: number) => (v ? formatDateTime(v) : '--');
const loadApplies = listLoader(templateOps.applies);

/** The apply records: one row per cabinet an apply reached, newest first, keyset-paged (they grow without bound). */
const applyColumns: ListColumn<TemplateApplyRow>[] = [
  { key: 'applyCode', title: '应用单', width: 150 },
  { key: 'deviceCode', title: '设备编号', width: 130 },
  { key: 'deviceName', title: '设备名称', width: 200, ellipsis: true },
  { key: 'templateVersion', title: '模板版本', width: 90, align: 'right' },
  { key: 'slotCount', title: '货道数', width: 80, align: 'right' },
  { key: 'status', title: '推送状态', width: 100, render: (v) => <PushStatusTag status={v as number} /> },
  { key: 'result', title: '设备回复', width: 240, ellipsis: true },
  { key: 'operatorName', title: '操作人', width: 100 },
  { key: 'appliedAt', title: '应用时间', width: 170, sortable: true, render: (v) => time(v as number) },
];

/** edit-scene-page/{templateCode}: the template's form, 应用到设备, the apply records (push status per cabinet) and history. */
export default function EditScenePage() {
  const { templateCode = '' } = useParams();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const [applying, setApplying] = useState(false);
  const key = ['cabinet-goods', 'template', 'detail', templateCode] as const;
  const q = useQuery({ queryKey: key, queryFn: () => call(templateOps.detail, { templateCode }), enabled: Boolean(templateCode) });
  const t = q.data;
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!t) return <Result status="warning" title="模板不存在或已删除" extra={backToList} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['cabinet-goods', 'template'] });
  const step = (action: 'enable' | 'disable') =>
    modal.confirm({
      title: `${action === 'enable' ? '启用' : '停用'}模板「${t.name}」？`,
      content: action === 'disable' ? '停用后不能再应用到设备；已应用的设备商品不变。' : '启用后可以应用到设备。',
      onOk: async () => {
        await call(templateOps[action], { templateCode: t.templateCode, version: t.version });
        message.success(action === 'enable' ? '模板已启用' : '模板已停用');
        await refresh();
      },
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {t.name}
            <TemplateStatusTag status={t.status} />
          </Space>
        }
        extra={
          <Space>
            {backToList}
            {templateAllowed('disable', t.status) ? (
              <Button onClick={() => step('disable')}>停用</Button>
            ) : (
              <Button onClick={() => step('enable')}>启用</Button>
            )}
            {templateAllowed('apply', t.status) ? (
              <Button type="primary" onClick={() => setApplying(true)}>
                应用到设备
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions column={4} size="small" bordered>
          <Descriptions.Item label="模板编号">{t.templateCode}</Descriptions.Item>
          <Descriptions.Item label="柜型">{t.modelName}</Descriptions.Item>
          <Descriptions.Item label="温区">{t.zoneName}</Descriptions.Item>
          <Descriptions.Item label="应用设备数">{t.deviceCount}</Descriptions.Item>
          <Descriptions.Item label="货道数">{t.slotCount}</Descriptions.Item>
          <Descriptions.Item label="SKU数">{t.skuCount}</Descriptions.Item>
          <Descriptions.Item label="最近应用">{time(t.lastAppliedAt ?? 0)}</Descriptions.Item>
          <Descriptions.Item label="创建人">{t.creatorName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <TemplateForm
        key={t.version}
        initial={t}
        locked={t.lastAppliedAt ? '模板已应用到设备，不能更换柜型' : undefined}
        onSaved={() => void refresh()}
      />
      <QueryList<TemplateApplyRow>
        paging="keyset"
        queryKey={['cabinet-goods', 'template', 'applies', t.templateCode]}
        settingsId="cabinet-goods.template.applies"
        request={(params) => loadApplies({ ...params, templateCode: t.templateCode })}
        columns={applyColumns}
        rowKey="id"
        title="应用记录"
        emptyText="尚未应用到设备"
        testId="template-applies"
        // a push waits for the cabinet's acknowledgement: look again while one is 已发送
        refetchInterval={(d) => (d?.list.some((a) => a.status === 1) ? 2000 : false)}
      />
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={templateOps.history} input={{ templateCode: t.templateCode }} queryKey={key} />
      </Card>
      {applying && (
        <ApplyDevicesModal
          template={t}
          onClose={() => setApplying(false)}
          onDone={() => {
            setApplying(false);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
