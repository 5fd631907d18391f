/**
 * What the Lambda bundles get for `react-dom/server` (esbuild alias,
 * infra/aws/constructs/service-function.ts): react-dom 19's Node streaming renderer alone.
 * react-dom/server.node.js joins it with the legacy renderer (renderToString,
 * renderToStaticMarkup), about 110 KB minified that no function calls: the mails render through
 * @react-email/render 2.0.6, which uses renderToReadableStream (renderToPipeableStream where
 * WritableStream is missing). The bundles are built with NODE_ENV=production, so the production
 * build is the one named. Relative path: the alias does not apply to itself.
 */
// @ts-expect-error react-dom ships no types for its cjs/ builds; the names are those of react-dom/server.node.js.
export { renderToPipeableStream, renderToReadableStream, resumeToPipeableStream, resume, version } from '../../../node_modules/react-dom/cjs/react-dom-server.node.production.js';
