import { useState } from 'react';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';

import { uploadFile } from '../../../platform/files.ts';
import { FILE_ACCEPT, FILE_LIMITS, type FilePurpose } from '@merchant/contracts/file/upload';
import { FilePreview } from './file-preview.tsx';

interface FileUploadProps {
  purpose: FilePurpose;
  /** The file's public id. */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Shown under the button. */
  hint?: string;
  disabled?: boolean;
}

const MAX_MB = FILE_LIMITS.maxBytes / 1024 / 1024;

/**
 * Form control holding a file id: uploads in chunks through the gateway (the server checks the type
 * by content: PNG, JPEG or PDF; at most 5 MB) and shows the stored file.
 */
export function FileUpload({ purpose, value, onChange, hint, disabled }: FileUploadProps) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  const start = async (file: File) => {
    if (file.size > FILE_LIMITS.maxBytes) {
      message.error(`文件不能超过${MAX_MB}MB`);
      return;
    }
    if (file.size === 0) {
      message.error('文件是空的');
      return;
    }
    setPercent(0);
    try {
      const meta = await uploadFile(file, purpose, setPercent);
      onChange?.(meta.id);
      message.success(`${meta.name} 上传成功`);
    } catch {
      // the catalogue showed the server's reason
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {value ? (
        <Space align="center" wrap>
          <FilePreview id={value} />
          {disabled ? null : (
            <Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              移除
            </Button>
          )}
        </Space>
      ) : null}
      {disabled ? null : (
        <Upload
          accept={FILE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void start(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {value ? '重新上传' : '上传文件'}
          </Button>
        </Upload>
      )}
      {percent !== null ? <Progress percent={percent} size="small" style={{ maxWidth: 240 }} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint ?? `支持 PNG、JPEG 图片或 PDF 文件，不超过${MAX_MB}MB`}
      </Typography.Text>
    </Space>
  );
}
