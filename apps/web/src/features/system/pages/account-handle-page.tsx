import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Result, Row, Skeleton, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useSession } from '../../../platform/session-store.ts';
import { RevealPhoneSuffix } from '../../../shared/ui/masked-phone.tsx';
import { sameAs } from '../../../shared/ui/zod-rule.ts';
import { accountOps, type MembershipInput } from '@merchant/contracts/system/account';
import { call } from '../../../platform/call.ts';
import { systemKeys } from '../query-keys.ts';
import { ACCOUNT_TYPE_OPTIONS } from '../account-labels.ts';
import { accountRules, type MembershipDraft } from '../form-rules.ts';
import { accountHandlePath, idParam, isHandleType, SYSTEM_PATHS } from '../paths.ts';
import { accountHandleTitle } from '../role-helpers.ts';
import { ACCOUNT_FIELD_HINTS, DETAIL, fieldErrorOf, FORM_SAVE, isShownByCaller } from '../server-errors.ts';
import { MembershipsEditor } from '../components/memberships-editor.tsx';
import { useAllRoles, useOrgTree } from '../components/org-options.ts';
import { isNotFoundError, LoadFailedResult, NotFoundResult } from '../../../shared/ui/page-result.tsx';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';
import '../components/system.css';

interface Values {
  userName: string;
  password?: string;
  confirm?: string;
  phone: string;
  merchantAccountType: number;
  useSite: boolean;
  memberships: MembershipDraft[];
}

/** account-handle/{type?}/{roleId?}/{managerId?}: add, edit or view an account and its memberships. */
export default function AccountHandlePage() {
  const params = useParams();
  const type = params.type ?? 'add';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const [dirty, setDirty] = useState(false);
  const { allowLeave } = useLeaveGuard(dirty);

  const isAdd = type === 'add';
  const isView = type === 'view';
  const accountId = isAdd ? undefined : idParam(params.managerId);
  const presetRoleId = idParam(params.roleId);

  const orgs = useOrgTree();
  const roles = useAllRoles();
  const selfId = useSession((s) => s.userInfo?.loginOrgRole?.userId);
  const detail = useQuery({
    queryKey: systemKeys.accountDetail(accountId ?? 0),
    queryFn: () => call(accountOps.detail, { id: accountId! }, DETAIL),
    enabled: accountId !== undefined,
  });

  const a = detail.data;
  const initialValues = useMemo<Values | undefined>(() => {
    if (isAdd) {
      if (presetRoleId && !roles.ready) return undefined;
      const preset = roles.roles.find((r) => r.id === presetRoleId);
      return {
        userName: '',
        phone: '',
        merchantAccountType: 0,
        useSite: false,
        memberships: [preset ? { organizationId: preset.organizationId, roleId: preset.id } : {}],
      };
    }
    if (!a) return undefined;
    return {
      userName: a.userName,
      phone: a.phone,
      merchantAccountType: a.merchantAccountType,
      useSite: a.useSite,
      memberships: a.memberships.length ? a.memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId })) : [{}],
    };
  }, [isAdd, presetRoleId, roles.ready, roles.roles, a]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const memberships = v.memberships.map((m) => ({ organizationId: m.organizationId!, roleId: m.roleId! })) as MembershipInput[];
      const common = { phone: v.phone.trim(), memberships, merchantAccountType: v.merchantAccountType, useSite: v.useSite };
      return isAdd
        ? call(accountOps.add, { ...common, userName: v.userName.trim(), password: v.password! }, FORM_SAVE)
        : call(accountOps.edit, { ...common, id: accountId! }, FORM_SAVE);
    },
    onSuccess: async () => {
      message.success(isAdd ? '账号已新增' : '账号已保存');
      await qc.invalidateQueries({ queryKey: systemKeys.all });
      allowLeave();
      navigate(SYSTEM_PATHS.accountList);
    },
    onError: (err) => {
      const field = fieldErrorOf(err, ACCOUNT_FIELD_HINTS);
      if (field) form.setFields([field as { name: keyof Values; errors: string[] }]);
      else if (isShownByCaller(err, FORM_SAVE)) message.warning(err.message);
    },
  });

  if (!isHandleType(type) || (!isAdd && accountId === undefined)) {
    return (
      <Result
        status="404"
        title="页面参数不正确"
        subTitle="请从账号列表进入"
        extra={<Button onClick={() => navigate(SYSTEM_PATHS.accountList)}>返回账号列表</Button>}
      />
    );
  }
  if (!isAdd && detail.isError) {
    const back = { label: '返回账号列表', to: SYSTEM_PATHS.accountList };
    return isNotFoundError(detail.error) ? (
      <NotFoundResult title="账号不存在" subTitle={`编号为 ${accountId} 的账号不存在或已被删除`} back={back} />
    ) : (
      <LoadFailedResult back={back} onRetry={() => void detail.refetch()} />
    );
  }
  if (!initialValues) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  // The server's admin scope: an account this one may not change is shown read only, with the reason;
  // the signed-in account edits only its own phone (its organisations, roles, type and data range stay).
  const self = !isAdd && accountId === selfId;
  const locked = a && !self && !a.manageable ? (a.manageNote ?? '没有权限操作该账号') : null;
  const readOnly = isView || !!locked;
  const selfLock = self && !isView;

  return (
    <Form<Values>
      form={form}
      key={`${type}-${accountId ?? 'new'}`}
      initialValues={initialValues}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => save.mutate(v)}
      className="handle-page"
      data-testid="account-form"
    >
      {locked && !isView ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`不能修改该账号：${locked}`} /> : null}
      {selfLock ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="这是当前登录的账号：只能修改手机号；组织角色、账号类型和数据范围请由其他管理员修改。"
        />
      ) : null}
      <Card title={accountHandleTitle(type)} variant="borderless">
        <Row gutter={24}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="userName"
              label="账号"
              rules={isAdd ? accountRules.userName : undefined}
              validateFirst
              extra={isAdd ? '登录用，创建后不能修改' : undefined}
            >
              <Input placeholder="2-32位字母、数字或 _ . @ -" maxLength={32} disabled={!isAdd} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="phone" label="手机号" rules={isAdd ? accountRules.phone : accountRules.editPhone} validateFirst>
              <Input
                placeholder="11位手机号，不能与其他账号重复"
                maxLength={11}
                autoComplete="off"
                suffix={
                  <RevealPhoneSuffix
                    value={phone}
                    canReveal={type === 'edit' && accountId !== undefined}
                    reveal={() => call(accountOps.phoneReveal, { kind: 'account', id: accountId! }).then((r) => r.phone)}
                    onRevealed={(full) => form.setFieldValue('phone', full)}
                  />
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="merchantAccountType" label="账号类型">
              <Radio.Group options={ACCOUNT_TYPE_OPTIONS} optionType="button" disabled={readOnly || selfLock} />
            </Form.Item>
          </Col>
          {isAdd ? (
            <>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="password"
                  label="登录密码"
                  rules={accountRules.password}
                  validateFirst
                  extra="8-32位，须同时包含字母和数字"
                >
                  <Input.Password placeholder="请输入登录密码" maxLength={32} autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="confirm" label="确认密码" required dependencies={['password']} rules={[sameAs('password')]}>
                  <Input.Password placeholder="请再次输入登录密码" maxLength={32} autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="useSite" label="数据范围" extra="决定顶栏显示渠道选择还是站点选择">
              <Radio.Group
                options={[
                  { value: false, label: '按渠道' },
                  { value: true, label: '按站点' },
                ]}
                disabled={readOnly || selfLock}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card
        title="组织与角色"
        variant="borderless"
        extra={<Typography.Text type="secondary">账号登录后可在顶栏切换所属的组织与角色</Typography.Text>}
      >
        <div style={{ maxWidth: 720 }}>
          <MembershipsEditor
            form={form}
            orgOptions={orgs.options}
            roles={roles.roles}
            rolesLoading={roles.isLoading}
            disabled={readOnly || selfLock}
          />
        </div>
      </Card>

      <div className="handle-footer">
        {isView ? (
          <>
            <Button disabled={false} onClick={() => navigate(SYSTEM_PATHS.accountList)}>
              返回
            </Button>
            <Tooltip title={locked}>
              <Button
                disabled={!!locked}
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(accountHandlePath('edit', a?.memberships[0]?.roleId ?? 0, accountId))}
              >
                编辑
              </Button>
            </Tooltip>
          </>
        ) : locked ? (
          <Button disabled={false} onClick={() => navigate(SYSTEM_PATHS.accountList)}>
            返回
          </Button>
        ) : (
          <>
            <Button onClick={() => navigate(SYSTEM_PATHS.accountList)}>取消</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
