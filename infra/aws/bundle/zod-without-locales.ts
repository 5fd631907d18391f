/**
 * What the Lambda bundles get for `import { z } from 'zod'` (esbuild `--alias:zod`,
 * infra/aws/constructs/service-function.ts): zod 4's classic API (node_modules/zod/v4/classic/
 * external.js of the pinned zod 4.6.7) without `z.locales` and `z.core`, whose namespaces hold
 * every message catalogue (about 280 KB minified, 46 KB gzipped per function) that esbuild
 * cannot drop from the `z` namespace object. English messages stay: zod registers them itself on
 * the first schema (v4/classic/schemas.js). zod-without-locales.test.ts checks that nothing else
 * is missing. Imports are relative paths so the alias does not apply to them. Shaped as
 * node_modules/zod/index.js: the names, and the same names as the `z` namespace.
 */
import * as z from './zod-classic-without-locales';
export * from './zod-classic-without-locales';
export { z, z as default };
