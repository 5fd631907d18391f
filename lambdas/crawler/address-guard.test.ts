import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { FetchFailure } from '../../shared/sources/source';
import { addressRange, checkUrl, guardedConnector, isPublicAddress, policyFromList, PUBLIC_ONLY, publicLookup } from './address-guard';

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

/** IPv6 forms that embed an IPv4 address, with public and private IPv4s alike, and reserved IPv6 ranges (issue 23.1). */
const REFUSED_V6 = [
  // ISATAP identifiers (RFC 5214), with and without a prefix, u/g bits either way
  '::5efe:127.0.0.1',
  '::5efe:7f00:1',
  '::5efe:a9fe:a9fe',
  '::0:5efe:10.0.0.1',
  '::200:5efe:192.168.0.1',
  '::100:5efe:8.8.8.8',
  '::300:5efe:169.254.169.254',
  'fe80::5efe:127.0.0.1',
  '2001:4860:4860:1::5efe:7f00:1',
  '2606:4700::200:5efe:a9fe:a9fe',
  // IPv4-mapped and -compatible, public IPv4 inside too
  '::ffff:8.8.8.8',
  '::8.8.8.8',
  '::808:808',
  '::ffff:0:7f00:1',
  '0:0:0:0:0:ffff:7f00:1',
  // 6to4, Teredo, NAT64 (well-known and local-use prefixes)
  '2002:0808:0808::1',
  '2002:a9fe:a9fe::',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001::1',
  '64:ff9b::8.8.8.8',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a9fe:a9fe',
  '64:ff9b:1:ffff::1',
  // ::/8 and the rest outside global unicast 2000::/3
  '::2',
  '::1:0:0:0',
  '0:0:1::1',
  '::ff:7f00:1',
  '1::1',
  '100::1',
  '100::ffff:ffff:ffff:ffff',
  '200::1',
  '4000::1',
  'e000::1',
  'fec0::1',
  // reserved and documentation inside 2000::/3
  '2001:db8::1',
  '2001:db8:85a3::8a2e:370:7334',
  '2001:2::1',
  '2001:10::1',
  '3fff::1',
  '5f00::1',
  '[::5efe:127.0.0.1]',
  'fe80::1%eth0',
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(REFUSED_V6)('refuses the embedding or reserved IPv6 form %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('names the range it refuses', () => {
    expect(addressRange('::5efe:127.0.0.1')).toBe('isatap');
    expect(addressRange('::808:808')).toBe('ipv4Compatible');
    expect(addressRange('::ffff:8.8.8.8')).toBe('ipv4Mapped');
    expect(addressRange('64:ff9b:1::1')).toBe('rfc6052');
    expect(addressRange('2002:808:808::')).toBe('6to4');
    expect(addressRange('2001::1')).toBe('teredo');
    expect(addressRange('100::1')).toBe('discard');
    expect(addressRange('2001:db8::1')).toBe('reserved');
    expect(addressRange('::1:0:0:0')).toBe('notGlobalUnicast');
  });

  it('refuses these forms in a URL too', () => {
    for (const address of ['::5efe:7f00:1', '::200:5efe:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe', '2001:db8::1', '::2']) {
      expect(() => checkUrl(`http://[${address}]/`, PUBLIC_ONLY), address).toThrow(/refused/);
    }
  });

  it.each(['8.8.8.8', '104.18.2.3', '2606:4700::6810:84e5', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888'])('allows public %s', (address) => {
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
