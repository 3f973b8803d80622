import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';

interface ReviewModalProps {
  open: boolean;
  title: string;
  /** What is being reviewed (shown above the decision). */
  summary?: ReactNode;
  onApprove: (remark: string) => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

interface Values {
  decision: 'approve' | 'reject';
  text: string;
}

/** Approve (optional remark) or reject (reason required, 2–200 characters). */
export function ReviewModal({ open, title, summary, onApprove, onReject, onClose }: ReviewModalProps) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const decision = Form.useWatch('decision', form) ?? 'approve';
  const finish = async (v: Values) => {
    setBusy(true);
    try {
      if (v.decision === 'approve') await onApprove(v.text?.trim() ?? '');
      else await onReject(v.text.trim());
      form.resetFields();
      onClose();
    } catch {
      // the catalogue showed the reason
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={decision === 'approve' ? '审核通过' : '驳回'}
      okButtonProps={{ danger: decision === 'reject', loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {summary}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ decision: 'approve', text: '' }}
        onFinish={(v) => void finish(v)}
        preserve={false}
      >
        <Form.Item label="审核结果" name="decision">
          <Radio.Group
            options={[
              { value: 'approve', label: '通过' },
              { value: 'reject', label: '驳回' },
            ]}
            optionType="button"
            buttonStyle="solid"
          />
        </Form.Item>
        <Form.Item
          label={decision === 'approve' ? '审核意见' : '驳回原因'}
          name="text"
          required={decision === 'reject'}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                const s = (v ?? '').trim();
                if (decision === 'reject' && !s) throw new Error('请输入驳回原因');
                if (decision === 'reject' && s.length < 2) throw new Error('驳回原因至少2个字');
                if (s.length > 200) throw new Error('不能超过200个字');
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={decision === 'approve' ? '选填' : '请写明需要补充或修改的内容'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
