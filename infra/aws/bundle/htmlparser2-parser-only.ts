/**
 * What the content function's bundle gets for `domhandler` and `domutils` (esbuild aliases of that
 * function only, infra/aws/constructs/api.ts). sanitize-html 2.17.5 calls nothing of htmlparser2
 * but `new Parser(...)`; htmlparser2 10's CommonJS index (which `require` loads whole, so esbuild
 * cannot leave parts out) also loads domhandler and domutils, with dom-serializer and a second
 * copy of entities, for its `parseDocument`, `DomUtils` and `getFeed`, which nothing in that
 * function calls: about 32 KB gzipped. Not for bundles that build DOM trees themselves (the
 * careers crawler reads pages with htmlparser2's DomHandler).
 * @throws Error if anything does build a DOM tree or read a feed: remove the aliases then.
 */
const leftOut = (what: string): never => {
  throw new Error(`${what} is left out of this bundle (infra/aws/bundle/htmlparser2-parser-only.ts): only htmlparser2's Parser is bundled`);
};

/** domhandler's DomHandler, left out. @throws Error when constructed. */
export class DomHandler {
  constructor() {
    leftOut('domhandler');
  }
}

/** domutils' getFeed, left out. @throws Error always. */
export const getFeed = (): never => leftOut('domutils');
