import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Col, Form, Input, Result, Row, Skeleton, Tooltip, TreeSelect } from 'antd';
import { EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { roleOps } from '@merchant/contracts/system/role';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { roleRules } from '../form-rules.ts';
import { checkedPages, pageIdsOf } from '../menu-grant.ts';
import { accountHandlePath, idParam, isHandleType, roleHandlePath, SYSTEM_PATHS } from '../paths.ts';
import { roleHandleTitle } from '../role-helpers.ts';
import { DETAIL, fieldErrorOf, FORM_SAVE, isShownByCaller, ROLE_FIELD_HINTS } from '../server-errors.ts';
import { MenuGrantTree } from '../components/menu-grant-tree.tsx';
import { isNotFoundError, LoadFailedResult, NotFoundResult } from '../../../shared/ui/page-result.tsx';
import { useOrgTree } from '../components/org-options.ts';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import '../components/system.css';

interface Values {
  organizationId?: number;
  name: string;
  packageName: string;
  menuIds: number[];
}

const PACKAGE_OPTIONS = ['标准版', '专业版', '旗舰版'].map((value) => ({ value }));

/** role-management-add/{type}/{id?}/{organizationName?}: add, edit or view a role and its menu grant. */
export default function RoleHandlePage() {
  const params = useParams();
  const type = params.type;
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);

  const id = idParam(params.id);
  const isAdd = type === 'add';
  const isView = type === 'view';
  const roleId = isAdd ? undefined : id;
  const presetOrgId = isAdd ? id : undefined;

  const orgs = useOrgTree();
  const menus = useQuery({ queryKey: systemKeys.grantableMenus, queryFn: () => call(roleOps.grantableMenus) });
  const detail = useQuery({
    queryKey: systemKeys.roleDetail(roleId ?? 0),
    queryFn: () => call(roleOps.detail, { id: roleId! }, DETAIL),
    enabled: roleId !== undefined,
  });

  const role = detail.data;
  const tree = useMemo(() => menus.data ?? [], [menus.data]);
  const initialValues = useMemo<Values | undefined>(() => {
    if (!menus.data) return undefined;
    if (isAdd) return { organizationId: presetOrgId, name: '', packageName: '标准版', menuIds: [] };
    if (!role) return undefined;
    return {
      organizationId: role.organizationId,
      name: role.name,
      packageName: role.packageName,
      menuIds: role.isAdmin ? pageIdsOf(tree) : checkedPages(role.menuIds, tree),
    };
  }, [menus.data, isAdd, presetOrgId, role, tree]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      isAdd
        ? call(
            roleOps.add,
            {
              organizationId: v.organizationId!,
              name: v.name.trim(),
              packageName: (v.packageName ?? '').trim() || '标准版',
              menuIds: v.menuIds ?? [],
            },
            FORM_SAVE,
          )
        : call(
            roleOps.edit,
            { id: roleId!, name: v.name.trim(), packageName: (v.packageName ?? '').trim() || '标准版', menuIds: v.menuIds ?? [] },
            FORM_SAVE,
          ),
    onSuccess: async () => {
      message.success(isAdd ? '角色已新增' : '角色已保存');
      await qc.invalidateQueries({ queryKey: systemKeys.all });
      allowLeave();
      navigate(SYSTEM_PATHS.roleList);
    },
    onError: (err) => {
      const field = fieldErrorOf(err, ROLE_FIELD_HINTS);
      if (field) form.setFields([field as { name: keyof Values; errors: string[] }]);
      else if (isShownByCaller(err, FORM_SAVE)) message.warning(err.message);
    },
  });

  if (!isHandleType(type) || (!isAdd && roleId === undefined)) {
    return (
      <Result
        status="404"
        title="页面参数不正确"
        subTitle="请从角色列表进入"
        extra={<Button onClick={() => navigate(SYSTEM_PATHS.roleList)}>返回角色列表</Button>}
      />
    );
  }
  const backToList = { label: '返回角色列表', to: SYSTEM_PATHS.roleList };
  // A role that does not exist (or was deleted) is said so, not loaded for ever.
  if (!isAdd && isNotFoundError(detail.error)) {
    return <NotFoundResult title="角色不存在" subTitle={`编号为 ${roleId} 的角色不存在或已被删除`} back={backToList} />;
  }
  if ((!isAdd && detail.isError) || menus.isError) {
    return <LoadFailedResult back={backToList} onRetry={() => void (menus.isError ? menus.refetch() : detail.refetch())} />;
  }
  if (!initialValues) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const orgName = role?.organizationName ?? params.organizationName;
  const adminRole = !!role?.isAdmin;
  // The server's admin scope: a role this account may not change is shown read only, with the reason.
  const locked = role && !role.manageable ? (role.manageNote ?? '没有权限修改该角色') : null;
  const readOnly = isView || !!locked;

  // A role without any menu opens nothing but 首页 and 文件管理: ask before saving it.
  const submit = (v: Values) => {
    if (adminRole || checkedPages(v.menuIds ?? [], tree).length > 0) {
      save.mutate(v);
      return;
    }
    modal.confirm({
      title: '该角色未授予任何菜单权限',
      content: '保存后，使用该角色的账号登录后只能看到首页和文件管理。确定要保存吗？',
      okText: '仍然保存',
      cancelText: '返回授权',
      onOk: () => save.mutateAsync(v).catch(() => undefined),
    });
  };

  return (
    <Form<Values>
      form={form}
      key={`${type}-${roleId ?? 'new'}`}
      initialValues={initialValues}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={() => setDirty(true)}
      onFinish={submit}
      className="handle-page"
      data-testid="role-form"
    >
      {locked && !isView ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`不能修改该角色：${locked}`} /> : null}
      <Card title={roleHandleTitle(type)} variant="borderless">
        <Row gutter={24}>
          <Col xs={24} md={12} xl={8}>
            {isAdd ? (
              <Form.Item name="organizationId" label="所属组织" rules={roleRules.organizationId}>
                <TreeSelect
                  treeData={orgs.options}
                  treeDefaultExpandAll
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  placeholder="请选择所属组织"
                  loading={orgs.isLoading}
                />
              </Form.Item>
            ) : (
              <Form.Item label="所属组织">
                <Input value={orgName ?? '--'} disabled />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="name" label="角色名称" rules={roleRules.name} validateFirst>
              <Input placeholder="2-20个字，如 区域运营" maxLength={20} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="packageName" label="套餐名称" rules={roleRules.packageName}>
              <AutoComplete options={PACKAGE_OPTIONS} placeholder="如 标准版" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card
        title="菜单权限"
        variant="borderless"
        extra={readOnly ? null : <span className="ant-form-item-extra">只能授予当前角色自己拥有的菜单</span>}
      >
        {adminRole ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="管理员角色默认拥有全部菜单权限，无需单独授权。" />
        ) : null}
        <Form.Item name="menuIds" noStyle>
          <MenuGrantTree menus={tree} disabled={readOnly || adminRole} />
        </Form.Item>
      </Card>

      <div className="handle-footer">
        {isView ? (
          <>
            <Button disabled={false} onClick={() => navigate(SYSTEM_PATHS.roleList)}>
              返回
            </Button>
            <Button disabled={!!locked} icon={<UserAddOutlined />} onClick={() => navigate(accountHandlePath('add', roleId))}>
              新增该角色账号
            </Button>
            <Tooltip title={locked}>
              <Button
                disabled={!!locked}
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(roleHandlePath('edit', roleId, orgName ?? undefined))}
              >
                编辑
              </Button>
            </Tooltip>
          </>
        ) : locked ? (
          <Button disabled={false} onClick={() => navigate(SYSTEM_PATHS.roleList)}>
            返回
          </Button>
        ) : (
          <>
            <Button onClick={() => navigate(SYSTEM_PATHS.roleList)}>取消</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
