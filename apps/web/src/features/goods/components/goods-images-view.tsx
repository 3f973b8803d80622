import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Image, Space, Spin, Tooltip, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { downloadFile } from '../../../platform/files.ts';

/**
 * Product images (public file ids of the `goods` upload purpose). The bytes come through the secure download
 * (this merchant's files only, for roles holding a goods page); each shown image holds an object URL of the
 * cached bytes and gives it back when it goes away.
 */
export function useImageUrl(id: string | null | undefined) {
  const q = useQuery({
    queryKey: ['goods', 'image-bytes', id],
    queryFn: () => downloadFile(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, loading: q.isLoading, failed: q.isError };
}

const frame = (size: number) => ({
  width: size,
  height: size,
  borderRadius: 4,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  flex: 'none' as const,
});

/** One product image as a square thumbnail (click to preview); a grey placeholder while loading or when it cannot be shown. */
export function GoodsImageThumb({ id, size = 64, alt = '商品图片' }: { id: string | null | undefined; size?: number; alt?: string }) {
  const { url, loading, failed } = useImageUrl(id);
  if (!id) {
    return (
      <span style={frame(size)} data-testid="goods-image-empty">
        <PictureOutlined style={{ color: '#bfbfbf', fontSize: Math.max(14, size / 3) }} />
      </span>
    );
  }
  if (!url) {
    return (
      <Tooltip title={failed ? '图片无法显示（已删除或无权查看）' : undefined}>
        <span style={frame(size)} data-testid="goods-image-pending">
          {loading ? <Spin size="small" /> : <PictureOutlined style={{ color: '#bfbfbf', fontSize: Math.max(14, size / 3) }} />}
        </span>
      </Tooltip>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      data-testid="goods-image"
      data-file-id={id}
    />
  );
}

/** A read-only strip of a product's images in their order (the first is the main image), previewed as a group. */
export function GoodsImagesView({ ids, size = 72 }: { ids: readonly string[]; size?: number }) {
  if (ids.length === 0) return <Typography.Text type="secondary">暂无图片</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap data-testid="goods-images-view">
        {ids.map((id, i) => (
          <GoodsImageThumb key={id} id={id} size={size} alt={i === 0 ? '商品主图' : `商品图片${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
