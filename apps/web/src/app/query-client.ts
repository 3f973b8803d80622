import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { ApiError } from '@merchant/contracts';
import { StoppedError, wasNotified } from '../platform/error-catalogue.ts';
import { notify } from '../platform/notify.ts';

/** Errors the catalogue did not already show (network failures, bad answers) get one toast. */
function surface(err: unknown): void {
  if (err instanceof StoppedError || wasNotified(err)) return;
  notify('error', err instanceof Error && err.message ? err.message : 'Has Error');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: surface }),
  mutationCache: new MutationCache({ onError: surface }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The catalogue already decided about server codes; only retry transport failures, once.
      retry: (count, err) => count < 1 && err instanceof ApiError && (err.code === 'NETWORK' || err.code === 'TIMEOUT'),
    },
  },
});
