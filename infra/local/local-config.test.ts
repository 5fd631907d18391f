import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lambdas/config';
import { readLocalConfig } from './local-config';

describe('the local product settings', () => {
  it('listen on this machine only, port 3000, unless PORT and HOST say otherwise (the start options over the environment)', () => {
    expect(readLocalConfig({})).toEqual({ port: 3000, host: '127.0.0.1' });
    expect(readLocalConfig({ PORT: '4100', HOST: '0.0.0.0' }, { HOST: '::' })).toEqual({ port: 4100, host: '::' });
  });

  it('refuse a malformed PORT or HOST with a message naming it', () => {
    expect(() => readLocalConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => readLocalConfig({ PORT: '70000' })).toThrow(/Invalid configuration PORT/);
    expect(() => readLocalConfig({ HOST: 'evil host; rm' })).toThrow(/Invalid configuration HOST: not an address or host name/);
  });
});
