/**
 * Loads data for a page: `useRemote(key, load)` → `{ status: 'loading' }`, `{ status: 'loaded',
 * data }` or `{ status: 'error', error }`. Loads again when `key` changes (e.g. the slug) and
 * aborts a request that is no longer wanted.
 */
import { useEffect, useState } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'error'; error: unknown };

export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [state, setState] = useState<{ key: string; remote: Remote<T> }>({ key, remote: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    setState({ key, remote: { status: 'loading' } });
    load(controller.signal).then(
      (data) => setState({ key, remote: { status: 'loaded', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, remote: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // `load` changes with `key` only: a new key is the one reason to load again.
  }, [key]);

  return state.key === key ? state.remote : { status: 'loading' };
}
