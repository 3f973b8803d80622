const one = (n: number) => n.toFixed(1).replace(/\.0$/, '');

/** File size for people: KB below 1 MB, MB above (one decimal, a trailing .0 dropped); -- when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '--';
  if (bytes === 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${one(Math.max(0.1, bytes / 1024))} KB`;
  return `${one(bytes / (1024 * 1024))} MB`;
}
