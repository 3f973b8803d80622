import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { rangeToMs } from '../../../shared/ui/list/list-columns.ts';
import { zodRule, type ParseableSchema } from '../../../shared/ui/zod-rule.ts';

export type RecordFilters = { createdAt?: [number, number] } & Record<string, unknown>;

/**
 * The search row above a device's 上下线记录 or 故障记录 (device-detail): one field of its own (上线/离线, or 故障代码) and
 * a time range, filtered on the server (device-link-log / device-fault operations). 查询 hands the filters up; 重置
 * clears them.
 */
export function RecordSearch(props: {
  field: { name: string; label: string } & (
    { options: { value: string; label: string }[] } | { placeholder: string; rule: ParseableSchema }
  );
  onSearch: (filters: RecordFilters) => void;
  testId: string;
}) {
  const [form] = Form.useForm();
  const { field } = props;
  let input: ReactNode;
  if ('options' in field) input = <Select allowClear placeholder={`全部${field.label}`} options={field.options} style={{ width: 120 }} />;
  else input = <Input allowClear placeholder={field.placeholder} style={{ width: 170 }} />;
  const search = async () => {
    const v = await form.validateFields();
    const value = typeof v[field.name] === 'string' ? (v[field.name] as string).trim() : v[field.name];
    const createdAt = rangeToMs(v.createdAt, true);
    props.onSearch({ ...(value ? { [field.name]: value } : {}), ...(createdAt ? { createdAt } : {}) });
  };
  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} data-testid={props.testId} onFinish={() => void search()}>
      <Form.Item name={field.name} label={field.label} rules={'rule' in field ? [zodRule(field.rule)] : undefined}>
        {input}
      </Form.Item>
      <Form.Item name="createdAt" label="时间">
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={['开始时间', '结束时间']} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            props.onSearch({});
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}
