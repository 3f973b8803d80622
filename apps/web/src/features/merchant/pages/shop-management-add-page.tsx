import {
  STORE_STATUS,
  type StoreCategory,
  storeFields,
  storeOps,
  type StoreRow,
  storeUpdateInput,
  WEEKDAYS,
} from '@merchant/contracts/merchant/store';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  App,
  Button,
  Card,
  Cascader,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isMaskedPhone } from '@merchant/contracts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { RevealPhoneSuffix } from '../../../shared/ui/masked-phone.tsx';
import { phoneRevealOps } from '@merchant/contracts/merchant/phone-reveal';
import { call } from '../../../platform/call.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';

interface Values {
  name: string;
  category: string[];
  tagCodes: string[];
  status: number;
  contactName: string;
  contactPhone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  lng: number | null;
  lat: number | null;
  openTime: Dayjs | null;
  closeTime: Dayjs | null;
  businessDays: number[];
  remark: string;
}

const f = storeFields;
const EMPTY: Partial<Values> = {
  status: 1,
  tagCodes: [],
  businessDays: [1, 2, 3, 4, 5, 6, 7],
  openTime: dayjs('08:00', 'HH:mm'),
  closeTime: dayjs('22:00', 'HH:mm'),
};

function categoryPath(tree: StoreCategory[], code: string): string[] {
  const parent = tree.find((c) => c.children?.some((x) => x.code === code));
  return parent ? [parent.code, code] : [];
}

function toValues(s: StoreRow, tree: StoreCategory[]): Values {
  return {
    name: s.name,
    category: categoryPath(tree, s.categoryCode),
    tagCodes: s.tagCodes,
    status: s.status,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    province: s.province,
    city: s.city,
    district: s.district,
    address: s.address,
    lng: s.lng,
    lat: s.lat,
    openTime: dayjs(s.openTime, 'HH:mm'),
    closeTime: dayjs(s.closeTime, 'HH:mm'),
    businessDays: s.businessDays,
    remark: s.remark,
  };
}

function toBody(v: Values) {
  const { category, openTime, closeTime, ...rest } = v;
  return {
    ...rest,
    categoryCode: category?.at(-1) ?? '',
    openTime: openTime?.format('HH:mm') ?? '',
    closeTime: closeTime?.format('HH:mm') ?? '',
  };
}

/**
 * shop-management-add/:type/:storeCode?  type add: a new store (with a store code: a copy of it);
 * type edit: edit that store. The title (新增门店 / 编辑门店) follows the type.
 */
export default function ShopManagementAddPage() {
  const { type, storeCode } = useParams();
  const isEdit = type === 'edit';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const categories = useQuery({
    queryKey: ['merchant', 'store-categories'],
    queryFn: () => call(storeOps.categories),
    staleTime: Infinity,
  });
  const tags = useQuery({ queryKey: ['merchant', 'store-tags'], queryFn: () => call(storeOps.tags), staleTime: Infinity });
  const store = useQuery({
    queryKey: ['merchant', 'store', storeCode],
    queryFn: () => call(storeOps.detail, { storeCode: storeCode! }),
    enabled: Boolean(storeCode),
  });
  const contactPhone = Form.useWatch('contactPhone', form);
  useLeaveGuard(dirty && !saving);

  useEffect(() => {
    if (store.data && categories.data) {
      const v = toValues(store.data, categories.data);
      // an edit keeps the masked phone (sent back unchanged, the server keeps the number); a copy is a
      // new store and needs a number of its own
      form.setFieldsValue(
        isEdit ? v : { ...v, name: `${v.name}（副本）`, contactPhone: isMaskedPhone(v.contactPhone) ? '' : v.contactPhone },
      );
    }
  }, [store.data, categories.data, form, isEdit]);

  if (type !== 'add' && type !== 'edit')
    return <Result status="404" title="页面类型不正确" extra={<Link to="/website/basic/shop-management-list">返回门店列表</Link>} />;
  if (isEdit && !storeCode)
    return <Result status="warning" title="缺少门店编号" extra={<Link to="/website/basic/shop-management-list">返回门店列表</Link>} />;
  if (storeCode && (store.isLoading || categories.isLoading))
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 14 }} />
      </Card>
    );
  if (storeCode && !store.data)
    return <Result status="warning" title="门店不存在" extra={<Link to="/website/basic/shop-management-list">返回门店列表</Link>} />;

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      if (isEdit) {
        const res = await call(storeOps.update, { ...toBody(v), storeCode: storeCode! });
        message.success(res.changes.length ? `已保存，修改了${res.changes.length}项` : '没有修改');
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['merchant'] });
        navigate(`/website/basic/shop-management-edit/${storeCode}`);
      } else {
        const res = await call(storeOps.create, toBody(v));
        message.success(`门店已创建，编号 ${res.storeCode}`);
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['merchant', 'stores'] });
        navigate(`/website/basic/shop-management-edit/${res.storeCode}`);
      }
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving(false);
    }
  };

  const title = isEdit ? '编辑门店' : '新增门店';
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setDirty(true)}
      aria-label={title}
      scrollToFirstError
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={<span data-testid="store-form-title">{title}</span>}
          extra={
            storeCode ? <Typography.Text type="secondary">门店编号 {isEdit ? storeCode : `（复制自 ${storeCode}）`}</Typography.Text> : null
          }
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="门店名称" name="name" required rules={[zodRule(f.name)]}>
                <Input maxLength={30} placeholder="如 鲜速达·徐汇滨江店" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="门店分类" name="category" required rules={[{ type: 'array', min: 2, message: '请选择门店分类' }]}>
                <Cascader
                  placeholder="请选择门店分类"
                  options={(categories.data ?? []).map((c) => ({
                    value: c.code,
                    label: c.name,
                    children: c.children?.map((x) => ({ value: x.code, label: x.name })),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="门店标签" name="tagCodes" rules={[zodRule(f.tagCodes)]} extra="最多选8个">
                <Select
                  mode="multiple"
                  maxCount={8}
                  placeholder="请选择门店标签"
                  options={(tags.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="门店状态" name="status" required>
                <Radio.Group options={Object.entries(STORE_STATUS).map(([v, l]) => ({ value: Number(v), label: l }))} optionType="button" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card variant="borderless" title="联系方式与地址">
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item label="联系人" name="contactName" required rules={[zodRule(f.contactName)]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="联系电话"
                name="contactPhone"
                required
                rules={[zodRule(isEdit ? storeUpdateInput.shape.contactPhone : f.contactPhone)]}
              >
                <Input
                  maxLength={20}
                  placeholder="手机号、座机或400电话"
                  suffix={
                    <RevealPhoneSuffix
                      value={contactPhone}
                      canReveal={isEdit && Boolean(store.data)}
                      reveal={() => call(phoneRevealOps.reveal, { kind: 'store', id: store.data!.id }).then((r) => r.phone)}
                      onRevealed={(phone) => form.setFieldValue('contactPhone', phone)}
                    />
                  }
                />
              </Form.Item>
            </Col>
            <AddressFields fields={f} addressPlaceholder="街道、门牌号、楼层" />
            <Col xs={24} md={12}>
              <Form.Item
                label="经度"
                name="lng"
                required
                rules={[{ required: true, message: '请输入经度' }, zodRule(f.lng)]}
                extra="GCJ-02 坐标（腾讯、高德地图拾取）"
              >
                <InputNumber style={{ width: '100%' }} precision={6} step={0.0001} placeholder="如 121.463200" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="纬度" name="lat" required rules={[{ required: true, message: '请输入纬度' }, zodRule(f.lat)]}>
                <InputNumber style={{ width: '100%' }} precision={6} step={0.0001} placeholder="如 31.180500" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card variant="borderless" title="营业时间">
          <Row gutter={24}>
            <Col xs={24} md={6}>
              <Form.Item label="开始营业" name="openTime" required rules={[{ required: true, message: '请选择开始营业时间' }]}>
                <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                label="结束营业"
                name="closeTime"
                dependencies={['openTime']}
                required
                extra="早于开始时间表示营业至次日"
                rules={[
                  { required: true, message: '请选择结束营业时间' },
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: Dayjs | null) => {
                      const open = getFieldValue('openTime') as Dayjs | null;
                      if (v && open && v.format('HH:mm') === open.format('HH:mm')) throw new Error('结束营业时间不能与开始营业时间相同');
                    },
                  }),
                ]}
              >
                <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="营业日" name="businessDays" required rules={[zodRule(f.businessDays)]}>
                <Checkbox.Group options={Object.entries(WEEKDAYS).map(([v, l]) => ({ value: Number(v), label: l }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="备注" name="remark" rules={[zodRule(f.remark)]}>
                <Input.TextArea rows={2} maxLength={200} showCount />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {isEdit ? '保存修改' : '创建门店'}
            </Button>
            <Button onClick={() => navigate(-1)}>取消</Button>
          </Space>
        </Card>
      </Space>
    </Form>
  );
}
