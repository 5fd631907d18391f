import { describe, expect, it } from 'vitest';
import { deferHydrationScripts, HYDRATION_LOADER, hydrationModules, withHydrationModules } from './hydration-loader';

/** index.html as Vite writes it: the entry module and its preloaded chunks in the head. */
const VITE_INDEX = [
  '<!doctype html><html><head><title>Latent Jobs</title>',
  '<script type="module" crossorigin src="/assets/index-A.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  '<link rel="modulepreload" crossorigin href="/assets/http-C.js">',
  '<link rel="stylesheet" crossorigin href="/assets/style-D.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('hydration loader', () => {
  it('takes the module tags out of the head and lists the modules, entry first, for the loader at the end of the body', () => {
    const html = deferHydrationScripts(VITE_INDEX);
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-D.css">');
    expect(hydrationModules(html)).toEqual(['/assets/index-A.js', '/assets/react-B.js', '/assets/http-C.js']);
    expect(html).toMatch(new RegExp(`<script>${HYDRATION_LOADER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body>`));
  });

  it("adds a page's own route chunks once to the modules it loads", () => {
    const html = withHydrationModules(deferHydrationScripts(VITE_INDEX), ['/assets/JobPage-E.js', '/assets/react-B.js']);
    expect(hydrationModules(html)).toEqual(['/assets/index-A.js', '/assets/react-B.js', '/assets/http-C.js', '/assets/JobPage-E.js']);
  });

  it('refuses an index.html without a module entry', () => {
    expect(() => deferHydrationScripts('<html><body></body></html>')).toThrow(/no <script type="module" src>/);
  });
});
