import { COORD_SYSTEMS, POINT_SCENES, pointOps, pointPlaceFields, type CoordSystem, type PointRow } from '@merchant/contracts/device/point';
import { pointMapOps } from '@merchant/contracts/device/point-map';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../platform/call.ts';
import { RecordHistory } from '../../../platform/record-history.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import { convertCoord, isValidLngLat } from '../../../shared/format/coordinate.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import {
  bindDevicesPath,
  LOCATION_LIST,
  locationDetailPath,
  locationDevicesPath,
  PointStatusTag,
  RegionCascader,
  useRegions,
} from '../components/point-parts.tsx';

const KEY = ['point'] as const;
const TITLES: Record<string, string> = { add: '新增位置', edit: '编辑位置', view: '查看位置' };
const sceneOptions = Object.entries(POINT_SCENES).map(([v, l]) => ({ value: Number(v), label: l }));
const coordOptions = Object.entries(COORD_SYSTEMS).map(([v, l]) => ({ value: v, label: l }));

interface Values {
  name: string;
  scene: number;
  region: string[];
  address: string;
  coordSystem: CoordSystem;
  lng: number;
  lat: number;
  contactName: string;
  contactPhone: string;
}

const regionRule = {
  validator: async (_r: unknown, v: unknown) => {
    const a = (v as string[] | undefined) ?? [];
    if (a.length < 2) throw new Error('请选择省 / 市 / 区县');
  },
};

function LocationView({ p }: { p: PointRow }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {p.name}
            <PointStatusTag status={p.status} />
          </Space>
        }
        extra={
          <Space>
            <Link to={LOCATION_LIST}>返回位置管理</Link>
            <Link to={locationDevicesPath(p.id)}>
              <Button>设备（{p.deviceCount}台）</Button>
            </Link>
            {p.status !== 3 && (
              <Link to={bindDevicesPath(p.id)}>
                <Button>绑定设备</Button>
              </Link>
            )}
            {p.status !== 3 && (
              <Link to={locationDetailPath('edit', p.id)}>
                <Button type="primary">编辑</Button>
              </Link>
            )}
          </Space>
        }
      >
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="点位编号">{p.pointCode}</Descriptions.Item>
          <Descriptions.Item label="场景类型">{p.sceneName}</Descriptions.Item>
          <Descriptions.Item label="所在地区">{p.regionText}</Descriptions.Item>
          <Descriptions.Item label="详细地址">{p.address}</Descriptions.Item>
          <Descriptions.Item label="坐标（GCJ-02）">
            {p.lng.toFixed(6)}, {p.lat.toFixed(6)}
          </Descriptions.Item>
          <Descriptions.Item label="绑定设备">{p.deviceCount}台</Descriptions.Item>
          <Descriptions.Item label="联系人">{p.contactName}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{p.contactPhone}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(p.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{formatDateTime(p.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title="操作记录">
        <RecordHistory operation={pointOps.history} input={{ pointId: p.id }} queryKey={[...KEY, 'history', p.id]} />
      </Card>
    </Space>
  );
}

/** location-detail/{id?}/{handleType}: 新增位置 (add), 编辑位置 (edit), 查看位置 (view). */
export default function LocationDetailPage() {
  const { id: rawId, handleType = 'view' } = useParams();
  const id = Number(rawId ?? 0);
  const isAdd = handleType === 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const point = useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => call(pointOps.detail, { pointId: id }),
    enabled: !isAdd && id > 0,
  });
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const lng = Form.useWatch('lng', form);
  const lat = Form.useWatch('lat', form);
  const system = Form.useWatch('coordSystem', form);
  const regions = useRegions();
  const [locating, setLocating] = useState(false);

  /** 按地址定位: the map service (offline: region centre or one of our points) fills GCJ-02 coordinates. */
  const locate = async () => {
    const codes = (form.getFieldValue('region') as string[] | undefined) ?? [];
    let level = regions.data ?? [];
    const labels: string[] = [];
    for (const c of codes) {
      const n = level.find((x) => x.value === c);
      if (!n) break;
      if (labels.at(-1) !== n.label) labels.push(n.label);
      level = n.children ?? [];
    }
    const address = `${labels.join('')}${(form.getFieldValue('address') as string | undefined) ?? ''}`;
    if (!address) return message.warning('请先选择所在地区或填写详细地址');
    setLocating(true);
    try {
      const g = await call(pointMapOps.geocoder, { address });
      form.setFieldsValue({ coordSystem: 'GCJ02', lng: g.location.lng, lat: g.location.lat });
      setDirty(true);
      message.success(g.level === 4 ? '已定位到地址' : `已定位到${g.district || g.city || g.province}中心，可再微调`);
    } catch {
      // shown
    } finally {
      setLocating(false);
    }
  };

  useEffect(() => {
    if (handleType === 'edit' && point.data) {
      const p = point.data;
      form.setFieldsValue({
        name: p.name,
        scene: p.scene,
        region: [p.provinceCode, p.cityCode, p.districtCode].filter(Boolean),
        address: p.address,
        coordSystem: 'GCJ02',
        lng: p.lng,
        lat: p.lat,
        contactName: p.contactName,
        contactPhone: p.contactPhone,
      });
    }
  }, [point.data, form, handleType]);

  const back = <Link to={LOCATION_LIST}>返回位置管理</Link>;
  if (!['add', 'edit', 'view'].includes(handleType)) return <Result status="404" title="页面类型不正确" extra={back} />;
  if (!isAdd && !(id > 0)) return <Result status="warning" title="缺少位置" extra={back} />;
  if (!isAdd && point.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!isAdd && !point.data) return <Result status="warning" title="位置不存在" extra={back} />;
  if (handleType === 'view') return <LocationView p={point.data!} />;
  if (point.data?.status === 3) return <Result status="warning" title="点位已撤点，不能编辑" extra={back} />;

  const submit = async (v: Values) => {
    setSaving(true);
    const [provinceCode, cityCode, districtCode = ''] = v.region;
    const body = {
      name: v.name,
      scene: v.scene,
      provinceCode,
      cityCode,
      districtCode,
      address: v.address,
      lng: v.lng,
      lat: v.lat,
      coordSystem: v.coordSystem,
      contactName: v.contactName,
      contactPhone: v.contactPhone,
    };
    try {
      let target = id;
      if (isAdd) {
        const res = await call(pointOps.create, body);
        message.success(`位置已新增，点位编号 ${res.pointCode}`);
        target = res.pointId;
      } else {
        await call(pointOps.update, { ...body, pointId: id, version: point.data!.version });
        message.success('位置已保存');
      }
      allowLeave();
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: KEY });
      navigate(locationDetailPath('view', target), { replace: true });
    } catch {
      // the message was shown
    } finally {
      setSaving(false);
    }
  };

  const gcj =
    system && system !== 'GCJ02' && typeof lng === 'number' && typeof lat === 'number' && isValidLngLat([lng, lat])
      ? convertCoord([lng, lat], system, 'GCJ02')
      : null;

  return (
    <Card variant="borderless" title={TITLES[handleType]} extra={back}>
      <Form<Values>
        form={form}
        name="location-form"
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        onFinish={submit}
        initialValues={{ coordSystem: 'GCJ02' }}
        style={{ maxWidth: 860 }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="位置名称" rules={[zodRule(pointPlaceFields.name)]}>
              <Input maxLength={40} placeholder="如 漕河泾开发区A座一楼大堂" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="scene" label="场景类型" rules={[zodRule(pointPlaceFields.scene)]}>
              <Select options={sceneOptions} placeholder="请选择场景类型" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="region" label="所在地区" rules={[regionRule]}>
              <RegionCascader />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label="详细地址" rules={[zodRule(pointPlaceFields.address)]}>
              <Input maxLength={100} placeholder="街道、门牌号、楼层" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="坐标系" tooltip="按所选坐标系输入，保存时换算为 GCJ-02">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="coordSystem" noStyle>
                  <Select options={coordOptions} style={{ width: '100%' }} />
                </Form.Item>
                <Button onClick={locate} loading={locating}>
                  按地址定位
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lng" label="经度" rules={[zodRule(pointPlaceFields.lng)]}>
              <InputNumber style={{ width: '100%' }} precision={6} step={0.0001} placeholder="如 121.436525" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lat" label="纬度" rules={[zodRule(pointPlaceFields.lat)]}>
              <InputNumber style={{ width: '100%' }} precision={6} step={0.0001} placeholder="如 31.174383" />
            </Form.Item>
          </Col>
          {gcj && (
            <Col span={24}>
              <Typography.Paragraph type="secondary" data-testid="gcj-preview">
                换算为 GCJ-02：{gcj[0].toFixed(6)}, {gcj[1].toFixed(6)}
              </Typography.Paragraph>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="contactName" label="联系人" rules={[zodRule(pointPlaceFields.contactName)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(pointPlaceFields.contactPhone)]}>
              <Input maxLength={20} placeholder="手机号、座机或400电话" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button onClick={() => navigate(isAdd ? LOCATION_LIST : locationDetailPath('view', id))}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
