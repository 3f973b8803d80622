import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PlusOutlined } from '@ant-design/icons';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import {
  STAFF_POSITIONS,
  STAFF_STATUS,
  staffFields,
  staffOps,
  staffUpdateInput,
  type StaffPosition,
  type StaffRow,
} from '@merchant/contracts/merchant/staff';
import { businessToday, dateToPicker, formatDate, formatDateTime, pickerToDate } from '../../../shared/format/date.ts';
import { RevealPhoneSuffix } from '../../../shared/ui/masked-phone.tsx';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { call, listLoader } from '../../../platform/call.ts';
import type { ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { StaffTag } from '../components/status-tag.tsx';

const KEY = ['merchant', 'staff'] as const;
const f = staffFields;
const positionOptions = Object.entries(STAFF_POSITIONS).map(([value, label]) => ({ value, label }));

interface FormValues {
  name: string;
  phone: string;
  position: StaffPosition;
  entryDate: Dayjs | null;
  storeIds: number[];
  remark: string;
}

function useStoreOptions() {
  const q = useQuery({ queryKey: ['merchant', 'staff-store-options'], queryFn: () => call(staffOps.storeOptions) });
  return (q.data?.stores ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.storeCode}）`, disabled: s.status === 3 }));
}

function StaffModal({ editingId, open, onClose }: { editingId: number | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const stores = useStoreOptions();
  const detail = useQuery({
    queryKey: ['merchant', 'staff-detail', editingId],
    queryFn: () => call(staffOps.detail, { id: editingId! }),
    enabled: open && editingId !== null,
  });
  const phone = Form.useWatch('phone', form);
  useEffect(() => {
    if (!open) return;
    if (editingId === null)
      form.setFieldsValue({ name: '', phone: '', position: 'clerk', entryDate: dateToPicker(businessToday()), storeIds: [], remark: '' });
    else if (detail.data) {
      // the phone comes masked: sent back unchanged, the server keeps the number
      const d = detail.data;
      form.setFieldsValue({
        name: d.name,
        phone: d.phone,
        position: d.position as StaffPosition,
        entryDate: dateToPicker(d.entryDate),
        storeIds: d.stores.map((s) => s.id),
        remark: d.remark,
      });
    }
  }, [open, editingId, detail.data, form]);

  const finish = async (v: FormValues) => {
    setBusy(true);
    try {
      const body = { name: v.name, phone: v.phone, position: v.position, entryDate: pickerToDate(v.entryDate), remark: v.remark ?? '' };
      if (editingId === null) {
        const res = await call(staffOps.create, { ...body, storeIds: v.storeIds ?? [] });
        message.success(`员工已添加，工号 ${res.staffNo}`);
      } else {
        await call(staffOps.update, { ...body, id: editingId });
        message.success('员工信息已保存');
      }
      await queryClient.invalidateQueries({ queryKey: ['merchant'] });
      onClose();
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editingId === null ? '新增员工' : '编辑员工'}
      width={640}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void finish(v)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="姓名" name="name" required rules={[zodRule(f.name)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="手机号" name="phone" required rules={[zodRule(editingId === null ? f.phone : staffUpdateInput.shape.phone)]}>
              <Input
                maxLength={11}
                suffix={
                  <RevealPhoneSuffix
                    value={phone}
                    canReveal={editingId !== null}
                    reveal={() => call(phoneRevealOps.reveal, { kind: 'staff', id: editingId! }).then((r) => r.phone)}
                    onRevealed={(full) => form.setFieldValue('phone', full)}
                  />
                }
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="岗位" name="position" required rules={[{ required: true, message: '请选择岗位' }]}>
              <Select options={positionOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="入职日期" name="entryDate">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {editingId === null ? (
            <Col span={24}>
              <Form.Item label="关联门店" name="storeIds">
                <Select mode="multiple" options={stores} placeholder="可稍后在“配置门店”中设置" optionFilterProp="label" />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item label="备注" name="remark" rules={[zodRule(f.remark)]}>
              <Input.TextArea rows={2} maxLength={200} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

function ConfigStoreModal({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['merchant', 'staff-stores', staff?.id],
    queryFn: () => call(staffOps.storeOptions, { id: staff!.id }),
    enabled: staff !== null,
  });
  const [selected, setSelected] = useState<number[] | null>(null);
  const value = selected ?? q.data?.selected ?? [];
  const ok = async () => {
    try {
      await call(staffOps.configStore, { id: staff!.id, storeIds: value });
      message.success('关联门店已保存');
      await queryClient.invalidateQueries({ queryKey: ['merchant'] });
      setSelected(null);
      onClose();
    } catch {
      // the catalogue showed the reason
    }
  };
  return (
    <Modal
      open={staff !== null}
      title={`配置门店：${staff?.name ?? ''}`}
      onOk={() => void ok()}
      onCancel={() => {
        setSelected(null);
        onClose();
      }}
      width={640}
    >
      <Typography.Paragraph type="secondary">员工可在所关联的门店打卡、补货与盘点。</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        loading={q.isLoading}
        value={value}
        onChange={setSelected}
        optionFilterProp="label"
        placeholder="选择门店"
        options={(q.data?.stores ?? []).map((s) => ({
          value: s.id,
          label: `${s.name}（${s.city}）`,
          disabled: s.status === 3 && !value.includes(s.id),
        }))}
      />
    </Modal>
  );
}

/** user-list: store staff with their stores; add, edit, enable, disable, configure stores. */
export default function UserListPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const stores = useStoreOptions();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [configuring, setConfiguring] = useState<StaffRow | null>(null);

  const toggle = (r: StaffRow) =>
    modal.confirm({
      title: r.status === 1 ? `停用员工“${r.name}”？` : `启用员工“${r.name}”？`,
      content: r.status === 1 ? '停用后该员工不能再在门店端登录和操作。' : undefined,
      okButtonProps: { danger: r.status === 1 },
      onOk: async () => {
        await call(r.status === 1 ? staffOps.disable : staffOps.enable, { id: r.id });
        message.success(r.status === 1 ? '已停用' : '已启用');
        await queryClient.invalidateQueries({ queryKey: KEY });
      },
    });

  const columns: ListColumn<StaffRow>[] = [
    { key: 'staffNo', title: '工号', sortable: true, width: 140 },
    { key: 'name', title: '姓名', sortable: true, width: 100, search: { type: 'text', maxLength: 20 } },
    { key: 'phone', title: '手机号', width: 130, search: { type: 'text', maxLength: 11 } },
    { key: 'position', title: '岗位', dataIndex: 'positionName', width: 90, search: { type: 'select', options: positionOptions } },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (v) => <StaffTag status={Number(v)} />,
      search: { type: 'select', options: Object.entries(STAFF_STATUS).map(([v, l]) => ({ value: Number(v), label: l })) },
    },
    {
      key: 'storeId',
      title: '关联门店',
      dataIndex: 'stores',
      width: 320,
      render: (v) =>
        (v as StaffRow['stores']).length ? (
          <Space size={[0, 4]} wrap>
            {(v as StaffRow['stores']).map((s) => (
              <Tag key={s.id}>{s.name}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">未关联</Typography.Text>
        ),
      search: { type: 'select', label: '门店', options: stores.map((s) => ({ value: s.value, label: s.label })) },
    },
    { key: 'entryDate', title: '入职日期', width: 110, render: (v) => formatDate(v) },
    { key: 'createdAt', title: '创建时间', sortable: true, width: 170, render: (v) => formatDateTime(v as number) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 190,
      render: (_v, r) => (
        <Space size={8}>
          <a
            onClick={() => {
              setEditingId(r.id);
              setFormOpen(true);
            }}
          >
            编辑
          </a>
          <a onClick={() => setConfiguring(r)}>配置门店</a>
          <a onClick={() => toggle(r)}>{r.status === 1 ? '停用' : '启用'}</a>
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryList<StaffRow>
        queryKey={KEY}
        request={listLoader(staffOps.list)}
        columns={columns}
        rowKey="id"
        title="门店员工"
        exportable={{ operation: staffOps.list, exportName: '门店员工' }}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditingId(null);
              setFormOpen(true);
            }}
          >
            新增员工
          </Button>
        }
      />
      <StaffModal open={formOpen} editingId={editingId} onClose={() => setFormOpen(false)} />
      <ConfigStoreModal staff={configuring} onClose={() => setConfiguring(null)} />
    </>
  );
}
