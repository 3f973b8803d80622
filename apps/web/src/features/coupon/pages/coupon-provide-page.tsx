import { MAX_PROVIDE_PHONES } from '@merchant/contracts/marketing/coupon-fields';
import { couponBatchOps, type BatchOption } from '@merchant/contracts/marketing/coupon-batch';
import { couponOps, provideInput, type ProvideAnswer } from '@merchant/contracts/marketing/coupon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../platform/call.ts';
import { useHasAnchor } from '../../../platform/use-anchor.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { COUPON_DETAIL_ANCHOR, COUPON_PROVIDE_RECORD_ANCHOR, couponListPath, provideRecordPath } from '../coupon-paths.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { COUPON_KEY, useRefusal } from '../components/coupon-parts.tsx';
import { parsePhones, phoneListProblem, type PhoneList } from '../components/phone-list.ts';

const remarkRule = zodRule(provideInput.shape.remark);
const batchRule = { required: true, message: '请选择批次' };
const phonesRule = {
  validator: async (_r: unknown, v: unknown) => {
    const problem = phoneListProblem(parsePhones(typeof v === 'string' ? v : ''));
    if (problem) throw new Error(problem);
  },
};

interface ProvideValues {
  batchCode?: string;
  phones?: string;
  remark?: string;
}

const optionLabel = (o: BatchOption) => `${o.name}（${o.batchCode}）`;

/** What the typed list holds: how many valid, how many typed twice, and each piece that is not a mobile number. */
function PhoneSummary({ list, left }: { list: PhoneList; left: number | null }) {
  if (list.phones.length === 0 && list.invalid.length === 0) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 16 }}>
      <Typography.Text data-testid="phone-summary">
        有效手机号 {list.phones.length} 个{list.duplicates > 0 ? `，已去除重复 ${list.duplicates} 个` : ''}
        {list.invalid.length > 0 ? `，格式不正确 ${list.invalid.length} 个` : ''}（一次最多 {MAX_PROVIDE_PHONES} 个）
      </Typography.Text>
      {list.invalid.length > 0 ? (
        <Alert
          type="error"
          showIcon
          data-testid="phone-invalid"
          title="以下内容不是有效的手机号，请修改或删除："
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {list.invalid.slice(0, 20).map((b, i) => (
                <li key={i}>
                  第{b.line}行：{b.text}
                </li>
              ))}
              {list.invalid.length > 20 ? <li>……共 {list.invalid.length} 个</li> : null}
            </ul>
          }
        />
      ) : null}
      {left !== null && list.phones.length > left ? (
        <Alert type="warning" showIcon title={`批次剩余 ${left} 张，超出部分的手机号将发券失败`} />
      ) : null}
    </Space>
  );
}

/** The 发券单 the server answered: its number and counts, and each phone's result. */
function ProvideResult({ answer, onAgain }: { answer: ProvideAnswer; onAgain: () => void }) {
  const mayRecords = useHasAnchor(COUPON_PROVIDE_RECORD_ANCHOR);
  const mayCoupons = useHasAnchor(COUPON_DETAIL_ANCHOR);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="provide-result">
      <Card
        variant="borderless"
        title={`发券单 ${answer.provideNo}`}
        extra={
          <Space>
            {mayRecords ? <Link to={provideRecordPath({ provideNo: answer.provideNo })}>查看发券记录</Link> : null}
            {mayCoupons ? <Link to={couponListPath({ provideNo: answer.provideNo })}>查看券明细</Link> : null}
            <Button type="primary" onClick={onAgain}>
              继续发券
            </Button>
          </Space>
        }
      >
        <Alert
          type={answer.failed === 0 ? 'success' : answer.issued === 0 ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="provide-summary"
          title={`发券完成：成功 ${answer.issued} 张，失败 ${answer.failed} 张`}
        />
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'provideNo', label: '发券单号', children: answer.provideNo },
            { key: 'batch', label: '批次', children: `${answer.batchName}（${answer.batchCode}）` },
            { key: 'requested', label: '发放数', children: answer.requested },
            { key: 'issued', label: '成功', children: answer.issued },
            { key: 'failed', label: '失败', children: answer.failed },
            { key: 'time', label: '时间', children: formatDateTime(answer.createdAt) },
          ]}
        />
      </Card>
      <Card variant="borderless" title="发放结果">
        <Table
          rowKey={(r) => `${r.phone}-${r.couponNo}-${r.message}`}
          size="small"
          dataSource={answer.results}
          pagination={answer.results.length > 20 ? { pageSize: 20, showTotal: (n) => `共 ${n} 条` } : false}
          data-testid="provide-results"
          columns={[
            { key: 'phone', title: '手机号', dataIndex: 'phone', width: 140 },
            {
              key: 'ok',
              title: '结果',
              width: 90,
              render: (_v, r) => <Tag color={r.ok ? 'success' : 'error'}>{r.ok ? '成功' : '失败'}</Tag>,
            },
            { key: 'couponNo', title: '券码', dataIndex: 'couponNo', width: 180, render: (v: string) => v || '--' },
            { key: 'message', title: '原因', dataIndex: 'message', render: (v: string) => v || '--' },
          ]}
        />
      </Card>
    </Space>
  );
}

/**
 * coupon-provide — 发券: a batch one may issue now (已生效 with stock left: its rule, validity, 剩余 and 每人限领; the
 * address's ?batchCode= picked), the phones typed or pasted (one per line, or separated by commas, Chinese commas,
 * spaces: the valid ones counted, those typed twice kept once, the pieces that are not mobile numbers listed — such a
 * list is not sent; at most MAX_PROVIDE_PHONES), a 备注; 发券 (confirmed) sends the list and shows the 发券单: its number,
 * how many were issued and failed, each phone's result, with links to its 发券记录 and 券明细.
 */
export default function CouponProvidePage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const refusal = useRefusal();
  const [search] = useSearchParams();
  const preset = search.get('batchCode')?.trim().toUpperCase() || undefined;
  const [form] = Form.useForm<ProvideValues>();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 300);
  const options = useQuery({
    queryKey: [...COUPON_KEY, 'batch-options', settled],
    queryFn: () => call(couponBatchOps.options, settled ? { keyword: settled } : {}),
  });
  const [picked, setPicked] = useState<BatchOption | null>(null);
  const [answer, setAnswer] = useState<ProvideAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const batchCode = Form.useWatch('batchCode', form) ?? preset;
  const phonesText = Form.useWatch('phones', form) ?? '';
  const list = useMemo(() => parsePhones(phonesText), [phonesText]);
  const { allowLeave } = useLeaveGuard(!answer && !sending && phonesText.trim() !== '');

  const found = options.data ?? [];
  const current = picked?.batchCode === batchCode ? picked : (found.find((o) => o.batchCode === batchCode) ?? null);
  const shown = current && !found.some((o) => o.batchCode === current.batchCode) ? [current, ...found] : found;
  const presetMissing = !!preset && batchCode === preset && !settled && options.isSuccess && !current;

  const send = async (batch: BatchOption, phones: string[], remark: string) => {
    setSending(true);
    try {
      const a = await call(couponOps.provide, { batchCode: batch.batchCode, phones, remark });
      allowLeave();
      setAnswer(a);
      message.success(`发券单 ${a.provideNo}：成功 ${a.issued} 张，失败 ${a.failed} 张`);
      void queryClient.invalidateQueries({ queryKey: COUPON_KEY });
    } catch (err) {
      refusal(err);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    let v: ProvideValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const batch = [picked, ...found].find((o) => o?.batchCode === v.batchCode);
    if (!batch) {
      form.setFields([{ name: 'batchCode', errors: ['该批次当前不可发券，请重新选择'] }]);
      return;
    }
    // the list as the form holds it now (the watched copy may be a render behind)
    const { phones } = parsePhones(v.phones ?? '');
    modal.confirm({
      title: `确认向 ${phones.length} 个手机号发放「${batch.name}」？`,
      content: `每个手机号发 1 张；批次剩余 ${batch.left} 张，每人限领 ${batch.perUserLimit} 张，超出的手机号将发券失败。`,
      okText: '发券',
      onOk: () => send(batch, phones, (v.remark ?? '').trim()),
    });
  };

  if (answer)
    return (
      <ProvideResult
        answer={answer}
        onAgain={() => {
          form.setFieldsValue({ phones: '', remark: '' });
          setAnswer(null);
        }}
      />
    );

  return (
    <Form<ProvideValues> form={form} layout="vertical" name="coupon-provide" initialValues={{ batchCode: preset, phones: '', remark: '' }}>
      <Card variant="borderless" title="发券">
        <Form.Item name="batchCode" label="优惠券批次" required rules={[batchRule]} style={{ maxWidth: 720 }}>
          <Select<string>
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="搜索批次号或名称（仅已生效且有剩余的批次）"
            loading={options.isFetching}
            notFoundContent={options.isFetching ? '加载中…' : '没有可发券的批次'}
            options={shown.map((o) => ({ value: o.batchCode, label: optionLabel(o) }))}
            onChange={(code) => {
              setPicked(shown.find((o) => o.batchCode === code) ?? null);
              setKeyword('');
            }}
          />
        </Form.Item>
        {presetMissing ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16, maxWidth: 720 }}
            data-testid="preset-missing"
            title={`批次 ${preset} 当前不可发券（未生效、已停用或已发完），请选择其他批次`}
          />
        ) : null}
        {current ? (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16, maxWidth: 720 }}
            data-testid="provide-batch"
            items={[
              { key: 'name', label: '批次', children: optionLabel(current) },
              { key: 'rule', label: '规则', children: current.ruleText },
              { key: 'valid', label: '有效期', children: current.validText },
              { key: 'left', label: '剩余', children: `${current.left} 张` },
              { key: 'perUser', label: '每人限领', children: `${current.perUserLimit} 张` },
            ]}
          />
        ) : null}
        <Form.Item
          name="phones"
          label="手机号"
          required
          rules={[phonesRule]}
          extra={`每行一个，或用逗号、空格分隔；重复的手机号只发一次；一次最多 ${MAX_PROVIDE_PHONES} 个`}
          style={{ maxWidth: 720 }}
        >
          <Input.TextArea rows={8} placeholder={'13800000001\n13800000002，13800000003'} />
        </Form.Item>
        <div style={{ maxWidth: 720 }}>
          <PhoneSummary list={list} left={current?.left ?? null} />
        </div>
        <Form.Item name="remark" label="备注" rules={[remarkRule]} style={{ maxWidth: 720 }}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，如：会员日回馈" />
        </Form.Item>
        <Button type="primary" loading={sending} onClick={() => void submit()}>
          确认发券
        </Button>
      </Card>
    </Form>
  );
}
