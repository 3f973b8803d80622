import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { ApartmentOutlined, IdcardOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { useSession } from '../../../platform/session-store.ts';
import { useMenu } from '../../../platform/use-menu.ts';
import { menuPages } from '../../../platform/menu.ts';
import { isContainerOwner, usesSite } from '../../../platform/permission.ts';
import { pickerMode, pickerOptions, confirmedCodes } from '../../../platform/picker.ts';
import { formatDate } from '../../../shared/format/date.ts';
import './home-page.css';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Landing page for the signed-in account: who, where, which role, and where the role can go. */
export default function HomePage() {
  const user = useSession((s) => s.userInfo);
  const selected = useSession((s) => s.selected);
  const roleNames = useSession((s) => s.currentRoleName);
  const channels = useSession((s) => s.channels);
  const channelChoice = useSession((s) => s.channelChoice);
  const siteChoice = useSession((s) => s.siteChoice);
  const menu = useMenu();
  const pages = useMemo(() => menuPages(menu).filter((p) => p.anchor !== 'home'), [menu]);
  const ready = pages.filter((p) => p.available);
  const building = pages.filter((p) => !p.available);

  const mode = pickerMode(channels, user);
  const scopeOptions = pickerOptions(channels, mode);
  const scopeCodes = confirmedCodes(mode === 2 ? siteChoice : channelChoice, scopeOptions);
  const scopeNames = scopeOptions.filter((o) => scopeCodes.includes(o.code)).map((o) => o.name);
  const now = new Date();

  const sections = useMemo(() => {
    const map = new Map<string, typeof pages>();
    for (const p of pages) {
      const key = p.trail.join(' / ') || '常用';
      map.set(key, [...(map.get(key) ?? []), p]);
    }
    return [...map.entries()];
  }, [pages]);

  return (
    <div className="home">
      <Card className="home-hero" variant="borderless">
        <div className="home-hero-main">
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {greeting(now.getHours())}，{user?.userName ?? ''}
            </Typography.Title>
            <Typography.Text type="secondary">
              {user?.loginOrgRole?.bisMerchantName ?? '商户'} · {formatDate(now)}
            </Typography.Text>
          </div>
          <Space size={24} wrap className="home-hero-stats">
            <div>
              <div className="home-stat-label">可用页面</div>
              <div className="home-stat-value">{ready.length}</div>
            </div>
            <div>
              <div className="home-stat-label">建设中</div>
              <div className="home-stat-value muted">{building.length}</div>
            </div>
          </Space>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card
            title={
              <Space>
                <IdcardOutlined />
                当前身份
              </Space>
            }
            className="home-card"
          >
            <Descriptions column={1} size="small" styles={{ label: { width: 84 } }}>
              <Descriptions.Item label="账号">{user?.userName ?? '--'}</Descriptions.Item>
              <Descriptions.Item label="商户">{user?.loginOrgRole?.bisMerchantName ?? '--'}</Descriptions.Item>
              <Descriptions.Item label="账号类型">{isContainerOwner(user) ? '柜主账号' : '商户账号'}</Descriptions.Item>
              <Descriptions.Item
                label={
                  <Space size={4}>
                    <ApartmentOutlined />
                    组织
                  </Space>
                }
              >
                <span data-testid="home-org">{selected?.organizationName ?? '--'}</span>
              </Descriptions.Item>
              <Descriptions.Item
                label={
                  <Space size={4}>
                    <TeamOutlined />
                    角色
                  </Space>
                }
              >
                <span data-testid="home-role">
                  {roleNames.length
                    ? roleNames.map((r) => (
                        <Tag key={r} color="blue">
                          {r}
                        </Tag>
                      ))
                    : '--'}
                </span>
              </Descriptions.Item>
              {mode !== 0 ? (
                <Descriptions.Item label={usesSite(user) ? '站点' : '渠道'}>
                  {scopeNames.length === 0
                    ? '未选择'
                    : scopeNames.length === scopeOptions.length
                      ? `全部（${scopeNames.length}）`
                      : scopeNames.join('、')}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card title="快捷入口" className="home-card" extra={<Typography.Text type="secondary">按当前角色的菜单权限</Typography.Text>}>
            {ready.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前角色暂无已开放的业务页面" />
            ) : (
              <div className="home-links" data-testid="quick-links">
                {ready.map((p) => (
                  <Link key={p.key} to={p.path ?? '/'} className="home-link">
                    <span>
                      <span className="home-link-name">{p.name}</span>
                      <span className="home-link-trail">{p.trail.join(' / ') || '常用'}</span>
                    </span>
                    <RightOutlined />
                  </Link>
                ))}
              </div>
            )}
          </Card>
        </Col>
      </Row>

      {building.length > 0 ? (
        <Card
          title="已授权、建设中的页面"
          className="home-card"
          style={{ marginTop: 16 }}
          extra={<Typography.Text type="secondary">上线后将自动开放</Typography.Text>}
        >
          <div className="home-sections">
            {sections
              .filter(([, list]) => list.some((p) => !p.available))
              .map(([section, list]) => (
                <div key={section} className="home-section">
                  <div className="home-section-title">{section}</div>
                  <Space size={[6, 6]} wrap>
                    {list
                      .filter((p) => !p.available)
                      .map((p) => (
                        <Tag key={p.key} className="home-building-tag">
                          {p.name}
                        </Tag>
                      ))}
                  </Space>
                </div>
              ))}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
