import type { DownloadedFile } from './http-core.ts';

/** How long the object URL outlives the click (the browser has started the download by then). */
export const REVOKE_AFTER_MS = 60_000;

/**
 * Hands a downloaded file to the browser as a download: an object URL on a hidden `<a download>`,
 * clicked once, and revoked a while later.
 */
export function saveFile(file: DownloadedFile, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  doc.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
