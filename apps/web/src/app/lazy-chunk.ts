import { CHUNK_LOAD_TIMEOUT_MS } from '@merchant/contracts';

/** A script chunk that did not arrive in time (spec §8: 120 s) or failed to load. */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazy module with the spec's time-out; the route error page offers a retry. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('页面加载超时，请检查网络后重试')), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`页面资源加载失败，请重试${err instanceof Error ? `（${err.message}）` : ''}`));
      },
    );
  });
}
