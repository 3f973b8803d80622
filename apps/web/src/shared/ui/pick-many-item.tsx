import { Form, Select } from 'antd';
import { zodRule, type ParseableSchema } from './zod-rule.ts';

/**
 * A form field that picks one or more records from a searchable list (指定点位, 指定设备, …): at least one is
 * required (`message` names the field), and the contract's schema checks the rest.
 */
export function PickManyItem<V extends string | number>({
  label,
  name,
  message,
  schema,
  placeholder,
  loading,
  options,
}: {
  label: string;
  name: string;
  message: string;
  schema: ParseableSchema;
  placeholder: string;
  loading: boolean;
  options: { value: V; label: string }[];
}) {
  return (
    <Form.Item label={label} name={name} required rules={[{ required: true, type: 'array', min: 1, message }, zodRule(schema)]}>
      <Select mode="multiple" placeholder={placeholder} loading={loading} showSearch={{ optionFilterProp: 'label' }} options={options} />
    </Form.Item>
  );
}
