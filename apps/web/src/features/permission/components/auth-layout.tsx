import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { SafetyCertificateOutlined, ShopOutlined, BarChartOutlined } from '@ant-design/icons';
import './auth-layout.css';

const highlights = [
  { icon: <ShopOutlined />, title: '售货柜与门店', text: '设备、点位、库存与补货一处管理' },
  { icon: <BarChartOutlined />, title: '经营与财务', text: '订单、分账、资金流水实时可查' },
  { icon: <SafetyCertificateOutlined />, title: '组织与权限', text: '按组织和角色分配菜单与数据范围' },
];

/** Split screen for the public pages: brand panel left, the form card right. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <div className="auth-brand-logo">
          <span className="auth-brand-mark">商</span>
          <span>商户管理系统</span>
        </div>
        <div className="auth-brand-body">
          <h1>智能零售商户后台</h1>
          <p>面向智能售货柜、批发商城与线上零售的一站式经营管理平台</p>
          <ul>
            {highlights.map((h) => (
              <li key={h.title}>
                <span className="auth-brand-icon">{h.icon}</span>
                <span>
                  <strong>{h.title}</strong>
                  <em>{h.text}</em>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-foot">© {new Date().getFullYear()} 商户管理系统</div>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
          {children}
        </div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
