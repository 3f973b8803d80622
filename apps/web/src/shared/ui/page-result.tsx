import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Card, Result } from 'antd';
import { ArrowLeftOutlined, HomeOutlined, ToolOutlined } from '@ant-design/icons';
import { ApiError, CODES } from '@merchant/contracts';

export const HOME_PATH = '/website/home';

/** A record the server says does not exist (A0404): the page shows 不存在 instead of its form. */
export function isNotFoundError(err: unknown): boolean {
  return err instanceof ApiError && err.code === CODES.notFound;
}

/** Where a person can go from a page that cannot show what they asked for. */
export interface WayBack {
  label: string;
  to: string;
}

/**
 * The ways back: the page's own (e.g. 返回角色列表), 返回上一页 when there is an earlier page of
 * this app in the tab's history (not on a link opened in a new tab), and 返回首页.
 */
function WayBackButtons({ back }: { back?: WayBack }) {
  const navigate = useNavigate();
  // 'default' is the key of the first entry this app saw: nothing of ours to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <>
      {back ? (
        <Button type="primary" onClick={() => navigate(back.to)}>
          {back.label}
        </Button>
      ) : null}
      {canGoBack ? (
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          返回上一页
        </Button>
      ) : null}
      <Button type={back ? 'default' : 'primary'} icon={<HomeOutlined />} onClick={() => navigate(HOME_PATH)}>
        返回首页
      </Button>
    </>
  );
}

interface PageResultProps {
  title?: ReactNode;
  subTitle?: ReactNode;
  back?: WayBack;
}

/** 页面不存在 / a record that does not exist (or was deleted). */
export function NotFoundResult({ title = '页面不存在', subTitle = '您访问的页面不存在，请检查地址是否正确', back }: PageResultProps) {
  return (
    <Card variant="borderless" data-testid="not-found">
      <Result status="404" title={title} subTitle={subTitle} extra={<WayBackButtons back={back} />} />
    </Card>
  );
}

/** A menu page that is not built yet (the menu greys it as 建设中). */
export function BuildingResult({ title, subTitle, back }: PageResultProps) {
  return (
    <Card variant="borderless" data-testid="building">
      <Result
        icon={<ToolOutlined style={{ color: '#1677ff' }} />}
        title={title ?? '页面建设中'}
        subTitle={subTitle ?? '该页面正在建设中，暂不可用，敬请期待'}
        extra={<WayBackButtons back={back} />}
      />
    </Card>
  );
}

/** A page of the app this account's role does not hold. */
export function ForbiddenResult({
  title = '无权访问该页面',
  subTitle = '当前角色没有该页面的权限，可切换角色或联系管理员授权',
  back,
}: PageResultProps) {
  return (
    <Card variant="borderless" data-testid="forbidden">
      <Result status="403" title={title} subTitle={subTitle} extra={<WayBackButtons back={back} />} />
    </Card>
  );
}

/** The page's data could not be loaded (network, server): say so, with a retry, instead of spinning. */
export function LoadFailedResult({
  title = '数据加载失败',
  subTitle = '请检查网络后重试',
  back,
  onRetry,
}: PageResultProps & { onRetry: () => void }) {
  return (
    <Card variant="borderless" data-testid="load-failed">
      <Result
        status="warning"
        title={title}
        subTitle={subTitle}
        extra={
          <>
            <Button onClick={onRetry}>重新加载</Button>
            <WayBackButtons back={back} />
          </>
        }
      />
    </Card>
  );
}
