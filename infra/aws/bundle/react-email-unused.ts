/**
 * What the Lambda bundles get for `prettier/standalone`, `prettier/plugins/html` and
 * `html-to-text` (esbuild aliases, infra/aws/constructs/service-function.ts).
 * @react-email/render 2.0.6 imports them at the top of dist/node/index.mjs only for
 * `render(..., { pretty: true })` and `render(..., { plainText: true })`, which no mail here asks
 * for: the HTML part is rendered plain and the text part is written by hand
 * (lambdas/email/render-newsletter.ts, lambdas/alerts/email/render-digest.ts). That was about
 * 380 KB minified that every mail-sending function carried and never ran. With no `printers`
 * here the render module leaves the HTML plugin alone when it loads.
 * @throws Error if anything does call them: remove the alias for what it needs then.
 */
const leftOut = (what: string): never => {
  throw new Error(`${what} is left out of the Lambda bundles (infra/aws/bundle/react-email-unused.ts): render mails without pretty or plainText`);
};

/** prettier's `format`, left out. @throws Error always. */
export const format = (): never => leftOut('prettier');

/** html-to-text's `convert`, left out. @throws Error always. */
export const convert = (): never => leftOut('html-to-text');
