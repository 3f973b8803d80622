import { Button, Form, Select, Tag, Tooltip, TreeSelect, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@merchant/contracts/system/role';
import { membershipsRule, type MembershipDraft } from '../form-rules.ts';
import type { OrgOption } from '../org-tree.ts';

interface Props {
  form: FormInstance;
  orgOptions: OrgOption[];
  roles: RoleRow[];
  rolesLoading?: boolean;
  disabled?: boolean;
}

/**
 * Organisation × role rows of an account (Form.List `memberships`); the role list follows the row's
 * organisation. Roles the signed-in account may not give (the server's `manageable`) are shown disabled.
 */
export function MembershipsEditor({ form, orgOptions, roles, rolesLoading, disabled }: Props) {
  const rows = (Form.useWatch('memberships', form) as MembershipDraft[] | undefined) ?? [];
  return (
    <Form.List name="memberships" rules={[membershipsRule(() => roles)]}>
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="memberships">
          {fields.map((field, i) => {
            const orgId = rows[i]?.organizationId;
            const options = roles
              .filter((r) => r.organizationId === orgId)
              .map((r) => ({
                value: r.id,
                label: r.name,
                title: r.manageable ? r.name : `${r.name}：${r.manageNote ?? '不能分配'}`,
                disabled: !r.manageable,
                desc: r.isAdmin ? (
                  <Tag color="red" style={{ marginInlineStart: 6 }}>
                    管理员
                  </Tag>
                ) : null,
              }));
            return (
              <div className="membership-row" key={field.key}>
                <span className="membership-index">{i + 1}.</span>
                <Form.Item
                  name={[field.name, 'organizationId']}
                  rules={[{ required: true, message: '请选择组织' }]}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <TreeSelect
                    aria-label={`第${i + 1}行组织`}
                    treeData={orgOptions}
                    treeDefaultExpandAll
                    showSearch={{ treeNodeFilterProp: 'title' }}
                    placeholder="选择组织"
                    disabled={disabled}
                    onChange={() => form.setFieldValue(['memberships', field.name, 'roleId'], undefined)}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'roleId']}
                  rules={[{ required: true, message: '请选择角色' }]}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Select
                    aria-label={`第${i + 1}行角色`}
                    placeholder={orgId ? (options.length ? '选择角色' : '该组织暂无角色') : '请先选择组织'}
                    disabled={disabled || !orgId}
                    loading={rolesLoading}
                    options={options}
                    showSearch={{ optionFilterProp: 'title' }}
                    optionRender={(o) => (
                      <span>
                        {o.data.label}
                        {o.data.desc}
                      </span>
                    )}
                  />
                </Form.Item>
                {disabled ? null : (
                  <Tooltip title={fields.length === 1 ? '至少保留一个组织角色' : '移除'}>
                    <Button
                      type="text"
                      aria-label={`移除第${i + 1}行`}
                      icon={<MinusCircleOutlined />}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  </Tooltip>
                )}
              </div>
            );
          })}
          {disabled ? null : (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 4, maxWidth: 640 }}>
              添加组织角色
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
