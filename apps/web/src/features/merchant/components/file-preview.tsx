import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Image, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileImageOutlined, LockOutlined } from '@ant-design/icons';
import { ApiError, CODES } from '@merchant/contracts';
import { downloadFile, fileInfo } from '../../../platform/files.ts';
import { formatFileSize } from '@merchant/contracts/file/upload';

/** Object URL of a file's bytes, revoked when the component goes away. */
function useBlobUrl(id: string | null | undefined, enabled: boolean) {
  const q = useQuery({
    queryKey: ['merchant', 'file-bytes', id],
    queryFn: () => downloadFile(id!),
    enabled: Boolean(id) && enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, loading: q.isFetching, blob: q.data };
}

function saveBlob(blob: Blob, name: string) {
  const u = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = u;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(u), 1000);
}

/**
 * A stored file by its public id: thumbnail for images, name, size and download. Only this merchant's
 * files load, and only for a role holding one of the file's pages; otherwise the reason is shown.
 */
export function FilePreview({ id, thumbnail = 96 }: { id: string | null | undefined; thumbnail?: number }) {
  const info = useQuery({
    queryKey: ['merchant', 'file-info', id],
    queryFn: () => fileInfo(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
  const isImage = info.data?.mime.startsWith('image/') ?? false;
  const { url, loading } = useBlobUrl(id, isImage);
  const [busy, setBusy] = useState(false);
  if (!id) return <Typography.Text type="secondary">未上传</Typography.Text>;
  if (info.isLoading) return <Spin size="small" />;
  if (!info.data) {
    const err = info.error;
    if (err instanceof ApiError && err.code === CODES.forbidden) {
      return (
        <Typography.Text type="secondary" data-testid="file-no-access">
          <LockOutlined /> {err.message || '无权查看该文件'}
        </Typography.Text>
      );
    }
    return (
      <Typography.Text type="secondary">
        {err instanceof ApiError && err.code === CODES.notFound ? '文件不存在' : '文件不可用'}
      </Typography.Text>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadFile(id), info.data!.name);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center" size={12} wrap>
      {isImage ? (
        url ? (
          <Image src={url} width={thumbnail} height={thumbnail} style={{ objectFit: 'cover', borderRadius: 4 }} alt={info.data.name} />
        ) : (
          <Spin spinning={loading} size="small">
            <FileImageOutlined style={{ fontSize: 32, color: '#999' }} />
          </Spin>
        )
      ) : (
        <FilePdfOutlined style={{ fontSize: 32, color: '#d4380d' }} />
      )}
      <Space orientation="vertical" size={0}>
        <Typography.Text>{info.data.name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatFileSize(info.data.size)}
        </Typography.Text>
      </Space>
      <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
        下载
      </Button>
    </Space>
  );
}
