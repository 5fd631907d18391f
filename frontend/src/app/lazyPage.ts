/**
 * `lazyPage(() => import('../features/x/XPage'), 'XPage')`: a React.lazy component for a page
 * module's NAMED export, so each route's code is its own chunk loaded on first visit.
 */
import { lazy, type ComponentType } from 'react';

export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
