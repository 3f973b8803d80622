import { PHONE_RE } from '@merchant/contracts/core/fields';
import { couponOps, type Consumer, type CouponRow } from '@merchant/contracts/marketing/coupon';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { call, listLoader } from '../../../platform/call.ts';
import { FormModal } from '../../../platform/form-modal.tsx';
import { QueryList } from '../../../platform/list/query-list.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ACTIONS_KEY, type ListColumn } from '../../../shared/ui/list/list-columns.ts';
import { timeColumn } from '../../../shared/ui/list/time-columns.ts';
import { zodRule, type ParseableSchema } from '../../../shared/ui/zod-rule.ts';
import { COUPON_PAGES } from '../coupon-paths.ts';
import { useAddressFilters } from '../components/address-filters.ts';
import {
  batchColumn,
  COUPON_KEY,
  COUPON_STATUS_OPTIONS,
  CouponStatusTag,
  dash,
  upper,
  useRefusal,
  yuan,
} from '../components/coupon-parts.tsx';

const TITLE = COUPON_PAGES.detail.title;
const SETTINGS_ID = 'coupon.coupons';
const ADDRESS_FILTERS = ['batchCode', 'provideNo'] as const;
const load = listLoader(couponOps.list);

const voidInput = couponOps.void.input;
const reasonRule = zodRule(voidInput.shape.reason as ParseableSchema);
const consumerPhoneRule = zodRule(couponOps.consumer.input.shape.phone as ParseableSchema);
const phoneSearchRule = { pattern: /^\d{11}$/, message: '请输入11位手机号' };

const time = (v: unknown) => (v ? formatDateTime(v) : '--');

/**
 * The coupon list's one column definition (DESIGN §8): table, search form (券码, 批次号, 手机号, 状态, 领取时间, 发券单号)
 * and the export's filters. `onVoid`: 作废 on the rows that allow it (canVoid).
 */
export function couponColumns(onVoid: (row: CouponRow) => void): ListColumn<CouponRow>[] {
  return [
    {
      key: 'couponNo',
      title: '券码',
      width: 180,
      keyColumn: true,
      search: { type: 'text', maxLength: 16, placeholder: '如 CP26110100000001', order: 0, toParam: upper },
    },
    batchColumn(200, 1),
    {
      key: 'ruleText',
      title: '类型/规则',
      width: 190,
      render: (v, r) => (
        <div style={{ lineHeight: 1.4 }}>
          <div>{r.couponTypeName}</div>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{dash(v)}</div>
        </div>
      ),
    },
    {
      key: 'phone',
      title: '手机号',
      width: 130,
      render: (v) => dash(v),
      search: { type: 'text', maxLength: 11, placeholder: '11位手机号', order: 2, rules: [phoneSearchRule] },
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => <CouponStatusTag status={Number(v)} name={r.statusName} />,
      search: { type: 'select', options: COUPON_STATUS_OPTIONS, order: 3 },
    },
    {
      key: 'validFrom',
      title: '有效期',
      width: 190,
      render: (_v, r) => (
        <div style={{ lineHeight: 1.4, fontSize: 12 }}>
          <div>{time(r.validFrom)}</div>
          <div>至 {time(r.validTo)}</div>
        </div>
      ),
    },
    timeColumn<CouponRow>('receivedAt', '领取时间', {
      sortable: true,
      search: { type: 'dateRange', name: 'receivedRange', label: '领取时间', order: 4 },
    }),
    timeColumn<CouponRow>('usedAt', '使用时间'),
    { key: 'orderNo', title: '订单号', width: 180, render: (v) => dash(v) },
    {
      key: 'discountAmount',
      title: '优惠金额（元）',
      width: 130,
      align: 'right',
      render: (v, r) => (r.orderNo ? yuan(v) : '--'),
    },
    {
      key: 'provideNo',
      title: '发券单号',
      width: 150,
      render: (v) => dash(v),
      search: { type: 'text', maxLength: 12, placeholder: '如 FQ2611010001', order: 5, toParam: upper },
    },
    {
      key: ACTIONS_KEY,
      title: '操作',
      width: 80,
      render: (_v, r) =>
        r.canVoid ? (
          <Button type="link" size="small" danger onClick={() => onVoid(r)}>
            作废
          </Button>
        ) : null,
    },
  ];
}

/** 作废 a coupon: its reason required; the coupon cannot be used afterwards, the batch's stock is not given back. */
function VoidModal({ coupon, onClose }: { coupon: CouponRow; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refusal = useRefusal();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal<{ reason: string }, CouponRow>
      form={form}
      name="coupon-void"
      title={`作废优惠券 ${coupon.couponNo}`}
      okText="确认作废"
      width={520}
      initialValues={{ reason: '' }}
      onSubmit={async (v) => {
        try {
          return await call(couponOps.void, { couponNo: coupon.couponNo, reason: v.reason });
        } catch (err) {
          refusal(err);
          throw err;
        }
      }}
      onSaved={() => {
        message.success(`优惠券 ${coupon.couponNo} 已作废`);
        onClose();
        void queryClient.invalidateQueries({ queryKey: COUPON_KEY });
      }}
      onClose={onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`作废后该券（${coupon.phone}，${coupon.ruleText}）不能再使用，且不退回批次库存。`}
      />
      <Form.Item label="作废原因" name="reason" required rules={[reasonRule]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="2-200个字" />
      </Form.Item>
    </FormModal>
  );
}

/** 用户查询: a consumer by phone — orders, spending and coupons with the merchant — and a way to list their coupons. */
function ConsumerCard({ onFilter }: { onFilter: (phone: string) => void }) {
  const refusal = useRefusal();
  const [form] = Form.useForm<{ phone: string }>();
  const [found, setFound] = useState<{ phone: string; consumer: Consumer } | null>(null);
  const [loading, setLoading] = useState(false);
  const lookUp = async ({ phone }: { phone: string }) => {
    const p = phone.trim();
    setLoading(true);
    try {
      setFound({ phone: p, consumer: await call(couponOps.consumer, { phone: p }) });
    } catch (err) {
      setFound(null);
      refusal(err);
    } finally {
      setLoading(false);
    }
  };
  const c = found?.consumer;
  return (
    <Card variant="borderless" size="small" title="用户查询" style={{ marginBottom: 16 }} data-testid="consumer-card">
      <Form form={form} layout="inline" name="coupon-consumer" onFinish={(v) => void lookUp(v)} initialValues={{ phone: '' }}>
        <Form.Item name="phone" label="手机号" rules={[consumerPhoneRule]}>
          <Input maxLength={11} placeholder="11位手机号" style={{ width: 200 }} allowClear />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={loading}>
            查询
          </Button>
        </Form.Item>
      </Form>
      {found && c ? (
        <div style={{ marginTop: 16 }} data-testid="consumer-result">
          <Space size={40} wrap align="start">
            <Statistic title="订单数" value={c.orderCount} />
            <Statistic title="消费金额（元）" value={yuan(c.paidAmount)} />
            <Statistic title="未使用" value={c.unused} />
            <Statistic title="已使用" value={c.used} />
            <Statistic title="已过期" value={c.expired} />
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginTop: 12 }}
            items={[
              { key: 'phone', label: '手机号', children: c.phone },
              { key: 'last', label: '最近下单', children: time(c.lastOrderAt) },
            ]}
          />
          <Space>
            <Button type="primary" onClick={() => onFilter(found.phone)}>
              查看该用户的券
            </Button>
            <Typography.Text type="secondary">按该手机号筛选下方券明细</Typography.Text>
          </Space>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * coupon-detail-list — 券明细: every coupon issued, newest first (keyset paging): 券码, the batch (leading to its 详情),
 * type and rule, the phone (masked), status, validity, when received and used, the order it was used on and what it
 * took off (元), its 发券单; searched by 券码, 批次号, 手机号, 状态, 领取时间, 发券单号 (the address's ?batchCode= /
 * ?provideNo= fill them in); 作废 (a reason) where the row allows it; 导出. Above the list, 用户查询 looks a consumer up
 * by phone and can filter the list by them.
 */
export default function CouponDetailListPage() {
  const [voiding, setVoiding] = useState<CouponRow | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const { initialValues, key } = useAddressFilters(ADDRESS_FILTERS, SETTINGS_ID, phone ? { phone } : {});
  return (
    <>
      <ConsumerCard onFilter={(p) => PHONE_RE.test(p) && setPhone(p)} />
      <QueryList<CouponRow>
        key={key}
        queryKey={[...COUPON_KEY, 'coupons']}
        settingsId={SETTINGS_ID}
        paging="keyset"
        request={(p) => load(p)}
        columns={couponColumns(setVoiding)}
        rowKey="couponNo"
        title={TITLE}
        testId="coupon-list"
        initialValues={initialValues}
        exportable={{ operation: couponOps.list, exportName: TITLE }}
        emptyText="暂无优惠券"
      />
      {voiding ? <VoidModal coupon={voiding} onClose={() => setVoiding(null)} /> : null}
    </>
  );
}
