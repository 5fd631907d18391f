import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { FetchFailure } from '../../shared/sources/source';
import { checkUrl, guardedConnector, isPublicAddress, policyFromList, PUBLIC_ONLY, publicLookup } from './address-guard';

const REFUSED = [
  '127.0.0.1',
  '127.8.9.10',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::169.254.169.254',
  '::127.0.0.1',
  '::7f00:1',
  '::10.0.0.1',
  '::a9fe:a9fe',
  '::192.168.0.1',
  '::ffff:7f00:1',
  'fd00:ec2::254',
  'fc00::1',
  'fe80::1',
  'ff02::1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '104.18.2.3', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses text that is no address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

const blockedBy = (run: () => unknown): FetchFailure => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FetchFailure);
    expect((error as FetchFailure).kind).toBe('blocked');
    return error as FetchFailure;
  }
  throw new Error('not blocked');
};

describe('checkUrl', () => {
  it('refuses other schemes, credentials, private literals and localhost names', () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'gopher://example.com/',
      'http://user:pw@example.com/',
      'http://127.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[::ffff:127.0.0.1]:8080/',
      'http://[::1]/',
      'http://[::169.254.169.254]/latest/meta-data/',
      'http://[::127.0.0.1]:8080/',
      'http://[::10.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://localhost:3000/',
    ]) {
      expect(blockedBy(() => checkUrl(url, PUBLIC_ONLY)).message).not.toBe('');
    }
  });

  it('passes public hosts and allowlisted host:port pairs only', () => {
    expect(checkUrl('https://api.ashbyhq.com/posting-api/job-board/cohere', PUBLIC_ONLY).hostname).toBe('api.ashbyhq.com');
    const policy = policyFromList(['127.0.0.1:4010']);
    expect(checkUrl('http://127.0.0.1:4010/x', policy).port).toBe('4010');
    blockedBy(() => checkUrl('http://127.0.0.1:4011/x', policy));
  });
});

describe('connection-time guard', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (url: string, allow: string[]): Promise<string> => {
    const agent = new Agent({ connect: guardedConnector(policyFromList(allow), 2_000) });
    try {
      const response = await request(url, { dispatcher: agent });
      return await response.body.text();
    } finally {
      await agent.close();
    }
  };

  it('refuses a loopback peer reached through a name (as after DNS rebinding) and through a literal', async () => {
    await expect(get(`http://localhost:${port}/`, [])).rejects.toThrow(/refused/);
    await expect(get(`http://127.0.0.1:${port}/`, [])).rejects.toThrow(/refused/);
  });

  it('connects to an allowlisted host:port', async () => {
    await expect(get(`http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`])).resolves.toBe('reached');
  });

  it('publicLookup answers no loopback address for localhost', async () => {
    const failure = await new Promise<unknown>((resolve) => publicLookup(PUBLIC_ONLY)('localhost', {}, (error) => resolve(error)));
    expect(failure).toBeInstanceOf(FetchFailure);
  });
});
