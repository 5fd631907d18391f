/**
 * The local product's own settings, read here and nowhere else (the Lambda functions' settings
 * are lambdas/config.ts's, which reads nothing that only the local product uses):
 * - PORT: the local server's port (default 3000; 0 picks a free one).
 * - HOST: the address the local server and every stand-in it starts listen on (default
 *   127.0.0.1, this machine only; 0.0.0.0 or :: for every interface; infra/local/listen-address.ts).
 *
 * `readLocalConfig(env?, overrides?)` → `{ port, host }`.
 * @throws ConfigError naming the variable when a value is malformed, e.g. "Invalid configuration PORT: ...".
 */
import { z } from 'zod';
import { parseEnv, type Env } from '../../lambdas/config';

const LocalEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().regex(/^[A-Za-z0-9.:-]{1,253}$/, 'not an address or host name').default('127.0.0.1'),
});

export interface LocalConfig {
  port: number;
  /** The address the local server and its stand-ins listen on. */
  host: string;
}

export const readLocalConfig = (env: Env = process.env, overrides: Env = {}): LocalConfig => {
  const e = parseEnv(LocalEnvSchema, env, overrides);
  return { port: e.PORT, host: e.HOST };
};
