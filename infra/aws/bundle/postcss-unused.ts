/**
 * What the Lambda bundles get for `postcss` (esbuild alias, infra/aws/constructs/service-function.ts).
 * sanitize-html 2.17.5 loads postcss at the top of index.js only to parse `style` attributes it
 * was told to keep (`allowedStyles`); the one allowlist here (shared/html/sanitize.ts) keeps no
 * `style` attribute on any tag, so its parser never runs. That was about 27 KB gzipped (postcss
 * with source-map-js, nanoid and picocolors) in every function that sanitises HTML.
 * Should a later allowlist keep `style`, sanitize-html catches this error and drops the
 * attribute (index.js, `parseStyleAttributes`): the failure is the safe one, never unfiltered CSS.
 * @throws Error always.
 */
export const parse = (): never => {
  throw new Error('postcss is left out of the Lambda bundles (infra/aws/bundle/postcss-unused.ts): style attributes are not parsed');
};
