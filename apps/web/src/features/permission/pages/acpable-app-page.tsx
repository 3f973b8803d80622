import { Link } from 'react-router';
import { Button, List, Tag } from 'antd';
import { ChromeOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { AuthLayout } from '../components/auth-layout.tsx';

const clients = [
  { icon: <ChromeOutlined />, name: 'Chrome / Edge 浏览器', note: '最近两个大版本，推荐', tag: '推荐' },
  { icon: <DesktopOutlined />, name: 'Firefox / Safari 浏览器', note: '最近两个大版本' },
  { icon: <MobileOutlined />, name: '手机浏览器', note: '可登录和查看，表格类操作建议使用电脑' },
];

/** Which clients the back-office supports. */
export default function AcpableAppPage() {
  return (
    <AuthLayout title="支持的应用" subtitle="商户管理系统是网页应用，无需安装客户端" footer={<Link to="/login">返回登录</Link>}>
      <List
        itemLayout="horizontal"
        dataSource={clients}
        renderItem={(c) => (
          <List.Item extra={c.tag ? <Tag color="blue">{c.tag}</Tag> : null}>
            <List.Item.Meta avatar={<span style={{ fontSize: 22, color: '#1677ff' }}>{c.icon}</span>} title={c.name} description={c.note} />
          </List.Item>
        )}
      />
      <Link to="/login">
        <Button type="primary" block style={{ marginTop: 16 }}>
          去登录
        </Button>
      </Link>
    </AuthLayout>
  );
}
