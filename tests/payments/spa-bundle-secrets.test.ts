/**
 * The built SPA (frontend/dist, what the web bucket and the local start serve) carries no Stripe
 * secret: no secret or restricted API key (sk_/rk_), no webhook signing secret (whsec_). The
 * checkout is made on the server; the browser only follows its URL. The bundle is built first
 * when it is missing or older than its sources (as npm start does).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSpaBuilt, SPA_DIST_DIR } from '../../infra/local/spa-build';

/** Stripe's secret credential shapes (publishable pk_ keys are meant for browsers and allowed). */
const SECRET_PATTERNS = [/\b(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{8,}/, /\bwhsec_[0-9A-Za-z+/=]{8,}/];

const findSecrets = (text: string): string[] => SECRET_PATTERNS.flatMap((pattern) => text.match(new RegExp(pattern, 'g')) ?? []);

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { withFileTypes: true, recursive: true })).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));

describe('the built SPA bundle', () => {
  beforeAll(async () => {
    await ensureSpaBuilt();
  }, 300_000);

  it('the scan recognises every Stripe secret shape (so a clean result means something)', () => {
    expect(findSecrets('a="sk_test_51Habcdefgh" b=`rk_live_0123456789` c:"whsec_abcdEFGH1234"')).toHaveLength(3);
    expect(findSecrets('pk_test_51Habcdefgh price_local_weekly cs_test_abc')).toEqual([]);
  });

  it('contains no secret key, restricted key or webhook secret in any file', async () => {
    const files = (await filesUnder(SPA_DIST_DIR)).filter((file) => !/\.(br|gz|png|jpe?g|webp|avif|ico|woff2?)$/.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      expect(findSecrets(await readFile(file, 'utf8')), path.relative(SPA_DIST_DIR, file)).toEqual([]);
    }
  });
});
