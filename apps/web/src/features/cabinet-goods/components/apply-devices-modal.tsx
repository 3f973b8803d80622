import { templateOps, type TemplateDetail, type TemplateDeviceOption } from '@merchant/contracts/cabinet-goods/template';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../platform/call.ts';

/** 应用到设备: pick 已激活 cabinets of the template's model, confirm, apply (device goods + 同步货道). */
export function ApplyDevicesModal({ template, onClose, onDone }: { template: TemplateDetail; onClose: () => void; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['cabinet-goods', 'template', 'devices', template.modelCode],
    queryFn: () => call(templateOps.deviceOptions, { modelCode: template.modelCode }),
  });
  const apply = () =>
    modal.confirm({
      title: `把模板「${template.name}」应用到${picked.length}台设备？`,
      content: '这些设备的设备商品将替换为模板的货道配置，并向设备推送「同步货道」指令。',
      okText: '应用',
      onOk: async () => {
        setBusy(true);
        try {
          const r = await call(templateOps.apply, { templateCode: template.templateCode, version: template.version, deviceCodes: picked });
          message.success(`已应用到${r.applied}台设备（应用单 ${r.applyCode}）`);
          onDone();
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <Modal
      open
      title={`应用到设备（${template.modelName}）`}
      width={760}
      onCancel={onClose}
      okText={`应用（${picked.length}台）`}
      okButtonProps={{ disabled: picked.length === 0, loading: busy }}
      onOk={apply}
    >
      <Typography.Paragraph type="secondary">只列出柜型为「{template.modelName}」的已激活设备。</Typography.Paragraph>
      <Table<TemplateDeviceOption>
        size="small"
        rowKey="deviceCode"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]) }}
        locale={{ emptyText: '没有该柜型的已激活设备' }}
        columns={[
          { title: '设备编号', dataIndex: 'deviceCode', width: 140 },
          { title: '设备名称', dataIndex: 'name' },
          {
            title: '在线',
            dataIndex: 'online',
            width: 80,
            render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={v ? '在线' : '离线'} />,
          },
          {
            title: '当前模板',
            dataIndex: 'templateCode',
            width: 150,
            render: (v: string) =>
              v === template.templateCode ? <Typography.Text type="success">{v}（本模板）</Typography.Text> : v || '--',
          },
        ]}
      />
    </Modal>
  );
}
