import { http } from '../../platform/http-client.ts';

export interface HealthResult {
  status: string;
  db: string;
  version: string;
}

/** GET /health as JSON; not an envelope, so the catalogue returns it unchanged. */
export async function fetchHealth(): Promise<HealthResult & { latencyMs: number; checkedAt: number }> {
  const started = performance.now();
  // The page and the JSON share one URL (told apart by Accept); a unique query keeps the browser
  // from answering the fetch with the cached HTML page.
  const res = await http.get<HealthResult>('/health', { t: Date.now() });
  return { ...res, latencyMs: Math.round(performance.now() - started), checkedAt: Date.now() };
}
