import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { FileMeta } from '@merchant/contracts/file/upload';
import { renderWithApp } from '../../../test/render.tsx';

const uploadFile = vi.fn();
const downloadFile = vi.fn();
vi.mock('../../../platform/files.ts', () => ({
  uploadFile: (file: File, purpose: string, onProgress?: (p: number) => void) => uploadFile(file, purpose, onProgress),
  downloadFile: (id: string) => downloadFile(id),
}));

const { GoodsImagesField } = await import('./goods-images-field.tsx');

const meta = (id: string, name: string): FileMeta => ({
  id,
  name,
  mime: 'image/png',
  size: 100,
  sha256: 'a'.repeat(64),
  purpose: 'goods',
  createdAt: 0,
});
const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The field as a form holds it: the value it was given, every change recorded. */
function Harness({ initial, onChange }: { initial: string[]; onChange: (ids: string[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <GoodsImagesField
      value={ids}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
    />
  );
}

function setup(initial: string[]) {
  const changes: string[][] = [];
  // no motion: a removed card leaves the list at once (jsdom never ends a CSS transition)
  const view = renderWithApp(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Harness initial={initial} onChange={(ids) => changes.push(ids)} />
    </ConfigProvider>,
  );
  const input = () => view.container.querySelector('input[type=file]') as HTMLInputElement | null;
  const choose = async (...files: File[]) => {
    await act(async () => {
      fireEvent.change(input()!, { target: { files } });
    });
  };
  return { view, changes, input, choose };
}

const shownIds = () => screen.queryAllByTestId('goods-image').map((img) => img.getAttribute('data-file-id'));

describe('GoodsImagesField', { timeout: 30_000 }, () => {
  beforeAll(() => {
    let n = 0;
    Object.assign(URL, { createObjectURL: () => `blob:test/${++n}`, revokeObjectURL: () => undefined });
  });
  beforeEach(() => {
    uploadFile.mockReset();
    downloadFile.mockReset();
    downloadFile.mockResolvedValue(new Blob([new Uint8Array(4)], { type: 'image/png' }));
  });
  afterEach(cleanup);

  it('shows the images in their order with the first as main image; removes one and moves one to the front', async () => {
    const { changes } = setup(['img-aaaaaaaa', 'img-bbbbbbbb', 'img-cccccccc']);
    await waitFor(() => expect(shownIds()).toEqual(['img-aaaaaaaa', 'img-bbbbbbbb', 'img-cccccccc']));
    expect(downloadFile).toHaveBeenCalledWith('img-bbbbbbbb');
    expect(screen.getAllByText('主图')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '删除第2张图片' }));
    expect(changes.at(-1)).toEqual(['img-aaaaaaaa', 'img-cccccccc']);
    await waitFor(() => expect(shownIds()).toEqual(['img-aaaaaaaa', 'img-cccccccc']));
    fireEvent.click(screen.getByRole('button', { name: '将第2张设为主图' }));
    expect(changes.at(-1)).toEqual(['img-cccccccc', 'img-aaaaaaaa']);
    expect(screen.getByText(/已上传2张/)).toBeTruthy();
  });

  it('uploads chosen images one after another as goods images and appends their ids in the order chosen', async () => {
    let release!: () => void;
    const firstDone = new Promise<void>((r) => (release = r));
    uploadFile.mockImplementation(async (file: File) => {
      if (file.name === '正面.png') await firstDone; // the first is slower: the order must still hold
      return meta(file.name === '正面.png' ? 'new-front-id' : 'new-back-id', file.name);
    });
    const { changes, choose } = setup(['img-aaaaaaaa']);
    await choose(png('正面.png'), png('背面.png'));
    expect(uploadFile).toHaveBeenCalledTimes(1); // the second waits for the first
    expect(uploadFile.mock.calls[0][1]).toBe('goods');
    release();
    await waitFor(() => expect(changes.at(-1)).toEqual(['img-aaaaaaaa', 'new-front-id', 'new-back-id']));
    expect(changes).toEqual([
      ['img-aaaaaaaa', 'new-front-id'],
      ['img-aaaaaaaa', 'new-front-id', 'new-back-id'],
    ]);
    await waitFor(() => expect(shownIds()).toEqual(['img-aaaaaaaa', 'new-front-id', 'new-back-id']));
  });

  it('refuses a file of another type, an oversized one and a seventh image before uploading; at six the card is gone', async () => {
    const { changes, choose } = setup(['i-1111111', 'i-2222222', 'i-3333333', 'i-4444444', 'i-5555555']);
    await choose(new File(['GIF89a'], '动图.gif', { type: 'image/gif' }));
    await screen.findByText('“动图.gif”不是 JPEG、PNG、WebP 图片');
    await choose(png('大图.png', 2 * 1024 * 1024 + 1));
    await screen.findByText('“大图.png”超过2MB，请压缩后再上传');
    expect(uploadFile).not.toHaveBeenCalled();
    uploadFile.mockImplementation(async (file: File) => meta(`id-${file.name}`, file.name));
    await choose(png('a.png'), png('b.png'));
    await screen.findByText('商品图片最多6张');
    await waitFor(() => expect(changes.at(-1)).toHaveLength(6));
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(changes.at(-1)!.at(-1)).toBe('id-a.png');
    await waitFor(() => expect(screen.queryByRole('button', { name: '上传商品图片' })).toBeNull());
    expect(screen.getAllByTestId('goods-image-card')).toHaveLength(6);
  });

  it('keeps the ids when an upload is refused by the server', async () => {
    uploadFile.mockRejectedValue(new Error('文件类型不支持'));
    const { changes, choose } = setup(['img-aaaaaaaa']);
    await choose(png('坏图.png'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('坏图.png')).toBeNull());
    expect(changes).toEqual([]);
  });
});
