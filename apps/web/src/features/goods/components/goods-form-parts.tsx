import { Button, Space, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ListTreeOption } from '../../../shared/ui/list/list-columns.ts';

// Pieces every goods form shares: its footer and its level-3 category picker.

/**
 * The footer of a goods form: the submit button (保存 by default), any extra actions, and 取消 (back by default;
 * `onCancel={null}`: none).
 */
export function FormFooter({
  saving,
  okText = '保存',
  cancelText = '取消',
  onCancel,
  children,
}: {
  saving: boolean;
  okText?: string;
  cancelText?: string;
  onCancel?: (() => void) | null;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving}>
        {okText}
      </Button>
      {children}
      {onCancel !== null ? <Button onClick={onCancel ?? (() => navigate(-1))}>{cancelText}</Button> : null}
    </Space>
  );
}

/** A category picker where only level-3 categories can be chosen (products hang on leaves), searchable by name. */
export function LeafCategorySelect({
  treeData,
  placeholder = '请选择三级分类',
  expandAll = true,
  loading,
  ...rest
}: {
  treeData: ListTreeOption[];
  placeholder?: string;
  expandAll?: boolean;
  loading?: boolean;
  // Form.Item passes value / onChange / id
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
}) {
  return (
    <TreeSelect
      {...rest}
      treeData={treeData}
      treeDefaultExpandAll={expandAll}
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder}
      loading={loading}
    />
  );
}
