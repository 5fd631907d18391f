import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
// React's development JSX runtime, loaded before any build as in `npm start` (the pages' components).
import { ConfirmEmail } from '../../lambdas/email/templates/NewsletterEmails';
import { viteBuild } from './spa-build';

/**
 * The first `npm start` builds the web app while the process already has React's development JSX
 * runtime loaded; a build that switched this process to NODE_ENV=production made react-dom/server
 * load its production build afterwards, and every newsletter sign-up answered 500
 * ("dispatcher.getOwner is not a function"). A tiny Vite project stands in for the web app so the
 * test does not rebuild frontend/dist under other test files.
 */
describe('building the web app', () => {
  it('leaves this process as it was: the confirmation email renders after a build', async () => {
    const project = path.join(REPO_ROOT, '.tmp', 'spa-build-test');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(path.join(project, 'main.js'), 'document.body.append(process.env.NODE_ENV);');
    writeFileSync(
      path.join(project, 'vite.config.mjs'),
      "import path from 'node:path';\nimport { fileURLToPath } from 'node:url';\nconst root = path.dirname(fileURLToPath(import.meta.url));\nexport default { root, build: { outDir: path.join(root, 'dist'), emptyOutDir: true } };\n",
    );
    // As under `npm start`: no NODE_ENV (vitest's "test" would keep Vite from setting its own).
    const before = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      await viteBuild([], path.join(project, 'vite.config.mjs'));
      expect(existsSync(path.join(project, 'dist', 'index.html'))).toBe(true);
      expect(process.env.NODE_ENV).toBeUndefined();
      expect(typeof ConfirmEmail).toBe('function');
      // react-dom/server is first loaded now, after the build, as by the first sign-up.
      const { renderConfirmEmail } = await import('../../lambdas/email/render-newsletter');
      const email = await renderConfirmEmail({ confirmUrl: 'https://latentjobs.example/api/newsletter/confirm?token=t', siteUrl: 'https://latentjobs.example', postalAddress: '1 Main St' });
      expect(email.html).toContain('https://latentjobs.example/api/newsletter/confirm?token=t');
    } finally {
      process.env.NODE_ENV = before;
    }
  }, 120_000);
});
