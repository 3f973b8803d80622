import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONTRACT_STATUS, CONTRACT_TYPES, contractOps, type ContractRow } from '@merchant/contracts/merchant/contract';
import { formatDate } from '../../../shared/format/date.ts';
import { centsToYuan, formatMoney } from '../../../shared/format/money.ts';
import { call, listLoader } from '../../../platform/call.ts';
import { FilePreview } from '../components/file-preview.tsx';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { ContractTag } from '../components/status-tag.tsx';

const KEY = ['merchant', 'contracts'] as const;

/** The add/edit form, loaded when it is first opened (issue 20: keeps date pickers and upload off the list). */
const ContractModal = lazy(() => import('../components/contract-form-modal.tsx'));

function TerminateModal({ contract, onClose }: { contract: ContractRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ok = async () => {
    const s = reason.trim();
    if (s.length < 2) {
      setError(s ? '终止原因至少2个字' : '请输入终止原因');
      return;
    }
    try {
      await call(contractOps.terminate, { id: contract!.id, reason: s });
      message.success('合同已终止');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    } catch {
      // the catalogue showed the reason
    }
  };
  return (
    <Modal
      open={contract !== null}
      title={`终止合同 ${contract?.contractNo ?? ''}`}
      okText="终止合同"
      okButtonProps={{ danger: true }}
      onOk={() => void ok()}
      onCancel={onClose}
    >
      <Typography.Paragraph>终止后合同不可再编辑，记录保留。</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={200}
        showCount
        value={reason}
        status={error ? 'error' : undefined}
        placeholder="请输入终止原因"
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}

/** contract-list: contracts with status from their dates, validity, amount and attachment. */
export default function ContractListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ContractRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Once opened the form stays mounted, so closing it animates like any modal.
  const [formUsed, setFormUsed] = useState(false);
  const [terminating, setTerminating] = useState<ContractRow | null>(null);

  const columns: ListColumn<ContractRow>[] = [
    { key: 'contractNo', title: '合同编号', width: 140, search: { type: 'text', placeholder: '如 HT2611210042' } },
    { key: 'name', title: '合同名称', width: 220, search: { type: 'text' } },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v) => <ContractTag status={v as ContractRow['status']} />,
      search: { type: 'select', options: Object.entries(CONTRACT_STATUS).map(([value, label]) => ({ value, label })) },
    },
    {
      key: 'contractType',
      title: '合同类型',
      dataIndex: 'contractTypeName',
      width: 120,
      search: { type: 'select', options: Object.entries(CONTRACT_TYPES).map(([value, label]) => ({ value, label })) },
    },
    { key: 'partyName', title: '签约方', width: 240, ellipsis: true, search: { type: 'text' } },
    {
      key: 'cabinetModelName',
      title: '柜型 / 已激活',
      width: 160,
      render: (_v, r) =>
        r.cabinetModelCode ? (
          <span>
            {r.cabinetModelName} · {r.cabinetActivated}/{r.cabinetCount}台
          </span>
        ) : (
          <Typography.Text type="secondary">--</Typography.Text>
        ),
    },
    {
      key: 'amount',
      title: '合同金额（元）',
      sortable: true,
      align: 'right',
      width: 140,
      render: (v) => <span title={centsToYuan(v as number)}>{formatMoney(v as number)}</span>,
    },
    { key: 'signDate', title: '签订日期', width: 110, render: (v) => formatDate(v) },
    { key: 'period', title: '有效期', width: 210, render: (_v, r) => `${formatDate(r.startDate)} 至 ${formatDate(r.endDate)}` },
    { key: 'endDate', title: '到期日期', sortable: true, width: 110, render: (v) => formatDate(v) },
    { key: 'endRange', title: '到期日期', hideInTable: true, search: { type: 'dateRange', dates: true } },
    {
      key: 'fileId',
      title: '附件',
      width: 260,
      render: (v) => (v ? <FilePreview id={v as string} thumbnail={40} /> : <Typography.Text type="secondary">无</Typography.Text>),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 170,
      render: (_v, r) =>
        r.status === 'terminated' ? (
          <Typography.Text type="secondary" title={r.terminateReason}>
            已于{formatDate(r.terminatedAt)}终止
          </Typography.Text>
        ) : (
          <Space size={8}>
            <a
              onClick={() => {
                setEditing(r);
                setFormOpen(true);
                setFormUsed(true);
              }}
            >
              编辑
            </a>
            {r.status !== 'expired' ? <a onClick={() => setTerminating(r)}>终止</a> : null}
            {r.status === 'pending' ? (
              <Popconfirm
                title="删除该合同？"
                description="只有未生效的合同可以删除。"
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await call(contractOps.delete, { id: r.id });
                  message.success('合同已删除');
                  await queryClient.invalidateQueries({ queryKey: KEY });
                }}
              >
                <a>删除</a>
              </Popconfirm>
            ) : null}
          </Space>
        ),
    },
  ];

  return (
    <>
      <QueryList<ContractRow>
        queryKey={KEY}
        request={listLoader(contractOps.list)}
        columns={columns}
        rowKey="id"
        title="合同列表"
        exportable={{ operation: contractOps.list }}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
              setFormUsed(true);
            }}
          >
            新增合同
          </Button>
        }
      />
      {formUsed ? (
        <Suspense fallback={null}>
          <ContractModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
        </Suspense>
      ) : null}
      <TerminateModal contract={terminating} onClose={() => setTerminating(null)} />
    </>
  );
}
