import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ApiError, CODES } from '@merchant/contracts';
import type { FileMeta } from '@merchant/contracts/file/upload';
import { renderWithApp } from '../../../test/render.tsx';

const fileInfo = vi.fn();
const downloadFile = vi.fn();
vi.mock('../../../platform/files.ts', () => ({
  fileInfo: (id: string) => fileInfo(id),
  downloadFile: (id: string) => downloadFile(id),
}));

const { FilePreview } = await import('./file-preview.tsx');

const ID = 'q3Xn0e9Zb1Kc8VwYf2Lh5A';
const meta: FileMeta = {
  id: ID,
  name: '采购合同.pdf',
  mime: 'application/pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
  purpose: 'contract',
  createdAt: 0,
};

function setup(id: string | null) {
  return renderWithApp(<FilePreview id={id} />);
}

describe('FilePreview', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fileInfo.mockReset();
    downloadFile.mockReset();
  });
  afterEach(cleanup);

  it('asks for the file by its public id and shows its name and size', async () => {
    fileInfo.mockResolvedValue(meta);
    setup(ID);
    await screen.findByText('采购合同.pdf');
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(fileInfo).toHaveBeenCalledWith(ID);
    // a PDF is not fetched for a thumbnail
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('says why a file cannot be seen when the role lacks its page', async () => {
    fileInfo.mockRejectedValue(new ApiError(CODES.forbidden, '没有查看合同附件的权限', 403));
    setup(ID);
    const reason = await screen.findByTestId('file-no-access');
    expect(reason.textContent).toContain('没有查看合同附件的权限');
    expect(downloadFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /下\s*载/ })).toBeNull();
  });

  it('says a missing file is missing, and shows nothing to load without an id', async () => {
    fileInfo.mockRejectedValue(new ApiError(CODES.notFound, '文件不存在', 404));
    setup(ID);
    await screen.findByText('文件不存在');
    cleanup();
    fileInfo.mockReset();
    setup(null);
    await waitFor(() => expect(screen.getByText('未上传')).toBeTruthy());
    expect(fileInfo).not.toHaveBeenCalled();
  });
});
