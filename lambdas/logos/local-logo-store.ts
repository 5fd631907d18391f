/**
 * The `LogoStore` port (shared/companies/logo-store.ts) on the local disk: one file per logo,
 * `<dir>/<key>` (the bytes) beside `<dir>/<key>.type` (its Content-Type). The local product keeps
 * them in `.data/logos/` (`LOCAL_LOGO_DIR`). Keys are checked against `LOGO_KEY_PATTERN`, so no
 * key reaches outside the folder. @throws on disk errors other than a missing file.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_CONTENT_TYPES, LOGO_KEY_PATTERN, type LogoContentType, type LogoStore, type StoredLogo } from '../../shared/companies/logo-store';

const checked = (key: string): string => {
  if (!LOGO_KEY_PATTERN.test(key)) throw new Error(`Not a logo key: ${JSON.stringify(key)}`);
  return key;
};

export const createLocalLogoStore = (dir: string): LogoStore => ({
  async put(key, logo) {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, checked(key));
    await writeFile(file, logo.bytes);
    await writeFile(`${file}.type`, logo.contentType);
  },
  async get(key): Promise<StoredLogo | null> {
    if (!LOGO_KEY_PATTERN.test(key)) return null;
    const file = path.join(dir, key);
    try {
      const [bytes, type] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      const contentType = LOGO_CONTENT_TYPES.find((known) => known === type.trim());
      return contentType === undefined ? null : { bytes, contentType: contentType as LogoContentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
});
