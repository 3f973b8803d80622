import { useLayoutEffect, useRef, useState } from 'react';
import { App, Button, Image, Space, Tag, Tooltip, Typography, Upload, type UploadFile } from 'antd';
import { DeleteOutlined, PlusOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { purposeAccept, purposeMaxBytes, purposeTypeNames, purposeTypes, type FileMime } from '@merchant/contracts/file/upload';
import { uploadFile } from '../../../platform/files.ts';
import { GoodsImageThumb } from './goods-images-view.tsx';

/** At most this many images per product (imageIdsSchema). */
export const GOODS_IMAGE_MAX = 6;
const PURPOSE = 'goods';
const MAX_BYTES = purposeMaxBytes(PURPOSE);
const MAX_MB = MAX_BYTES / 1024 / 1024;
const TYPE_NAMES = purposeTypeNames(PURPOSE);
const CARD = 100;

interface GoodsImagesFieldProps {
  /** Public file ids of the `goods` purpose, in order (the first is the main image). */
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
  max?: number;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

/**
 * Form control for a product's images (value: string[] of public file ids, as imageIdsSchema expects): picture
 * cards, up to six, uploaded one after another through the content-checked upload (JPEG, PNG or WebP, at most
 * 2 MB each) in the order chosen; preview, remove, and 设为主图 (move to the front). The server checks every id
 * again when the record is saved (this merchant's file, uploaded as a goods image).
 */
export function GoodsImagesField({ value, onChange, disabled, max = GOODS_IMAGE_MAX }: GoodsImagesFieldProps) {
  const { message } = App.useApp();
  const ids = value ?? [];
  const [pending, setPending] = useState<Pending[]>([]);
  // the latest ids and onChange: uploads finish after renders that the closure of beforeUpload never saw
  const latest = useRef({ ids, onChange });
  useLayoutEffect(() => {
    latest.current = { ids, onChange };
  });
  const queued = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const emit = (next: string[]) => {
    latest.current = { ...latest.current, ids: next };
    latest.current.onChange?.(next);
  };

  const uploadOne = async (file: File, uid: string) => {
    try {
      const meta = await uploadFile(file, PURPOSE, (percent) =>
        setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p))),
      );
      emit([...latest.current.ids, meta.id]);
    } catch {
      // the error catalogue already showed the server's reason
    } finally {
      queued.current -= 1;
      setPending((list) => list.filter((p) => p.uid !== uid));
    }
  };

  const accept = (file: File & { uid?: string }) => {
    if (!purposeTypes(PURPOSE).includes(file.type as FileMime)) {
      message.error(`“${file.name}”不是 ${TYPE_NAMES} 图片`);
      return;
    }
    if (file.size === 0) {
      message.error(`“${file.name}”是空文件`);
      return;
    }
    if (file.size > MAX_BYTES) {
      message.error(`“${file.name}”超过${MAX_MB}MB，请压缩后再上传`);
      return;
    }
    if (latest.current.ids.length + queued.current >= max) {
      message.warning({ content: `商品图片最多${max}张`, key: 'goods-images-max' });
      return;
    }
    queued.current += 1;
    const uid = file.uid ?? `${file.name}-${Date.now()}`;
    setPending((list) => [...list, { uid, name: file.name, percent: 0 }]);
    // one after another: the images keep the order they were chosen in
    chain.current = chain.current.then(() => uploadOne(file, uid));
  };

  const remove = (id: string) => emit(latest.current.ids.filter((x) => x !== id));
  const toFront = (id: string) => emit([id, ...latest.current.ids.filter((x) => x !== id)]);

  const fileList: UploadFile[] = [
    ...ids.map((id): UploadFile => ({ uid: id, name: id, status: 'done' })),
    ...pending.map((p): UploadFile => ({ uid: p.uid, name: p.name, status: 'uploading', percent: p.percent })),
  ];
  const full = ids.length + pending.length >= max;

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="goods-images-field">
      <Image.PreviewGroup>
        <Upload
          listType="picture-card"
          fileList={fileList}
          accept={purposeAccept(PURPOSE)}
          multiple
          disabled={disabled}
          beforeUpload={(file) => {
            accept(file);
            return Upload.LIST_IGNORE;
          }}
          itemRender={(origin, file) => {
            if (file.status !== 'done') return origin;
            const index = ids.indexOf(file.uid);
            return (
              <div style={{ position: 'relative', width: CARD, height: CARD }} data-testid="goods-image-card">
                <GoodsImageThumb id={file.uid} size={CARD} alt={index === 0 ? '商品主图' : `商品图片${index + 1}`} />
                {index === 0 ? (
                  <Tag color="blue" style={{ position: 'absolute', left: 4, bottom: 4, marginInlineEnd: 0 }}>
                    主图
                  </Tag>
                ) : null}
                {disabled ? null : (
                  <Space size={4} style={{ position: 'absolute', top: 4, right: 4 }}>
                    {index > 0 ? (
                      <Tooltip title="设为主图">
                        <Button
                          size="small"
                          shape="circle"
                          icon={<VerticalRightOutlined />}
                          aria-label={`将第${index + 1}张设为主图`}
                          onClick={() => toFront(file.uid)}
                        />
                      </Tooltip>
                    ) : null}
                    <Tooltip title="删除">
                      <Button
                        size="small"
                        shape="circle"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除第${index + 1}张图片`}
                        onClick={() => remove(file.uid)}
                      />
                    </Tooltip>
                  </Space>
                )}
              </div>
            );
          }}
        >
          {full || disabled ? null : (
            <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label="上传商品图片">
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>上传图片</div>
            </button>
          )}
        </Upload>
      </Image.PreviewGroup>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`${TYPE_NAMES} 图片，单张不超过${MAX_MB}MB，最多${max}张（已上传${ids.length}张）；第一张为主图`}
      </Typography.Text>
    </Space>
  );
}
