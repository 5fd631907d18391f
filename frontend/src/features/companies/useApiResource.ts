/**
 * Loads one API resource for a page: `useApiResource(key, load)` calls `load(signal)` when the
 * component mounts and again whenever `key` changes (aborting the older request), and returns
 * `{ status: 'loading' }`, `{ status: 'loaded', data }` or `{ status: 'error', error }`.
 * Failures are logged to the console; the page decides what the visitor reads.
 *
 *   const company = useApiResource(`company:${name}`, (signal) => getCompany(name, signal));
 */
import { useEffect, useRef, useState } from 'react';

export type ApiResource<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'error'; error: unknown };

export function useApiResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ApiResource<T> {
  const [state, setState] = useState<{ key: string; resource: ApiResource<T> }>({ key, resource: { status: 'loading' } });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ key, resource: { status: 'loading' } });
    loadRef.current(controller.signal).then(
      (data) => setState({ key, resource: { status: 'loaded', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Loading ${key} failed`, error);
        setState({ key, resource: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  // A render with a new key shows loading at once, not the previous key's data.
  return state.key === key ? state.resource : { status: 'loading' };
}
