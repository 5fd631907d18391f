/**
 * The crawler's address guard (SSRF protection): only http and https to PUBLIC addresses.
 * Shared by the JSON fetch client (http-fetcher.ts) and the career-page browser's egress proxy
 * (career-page/egress-proxy.ts), so both refuse the same things.
 *
 * Refused: every address whose ipaddr.js 2.5.0 range is not `unicast`, i.e. loopback
 * (127/8, ::1), private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 incl. the cloud
 * metadata address 169.254.169.254, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7 incl.
 * AWS's IPv6 metadata fd00:ec2::254), multicast, broadcast, unspecified, reserved and
 * documentation ranges, and IPv6 forms that embed IPv4 (IPv4-mapped ::ffff:a.b.c.d and
 * IPv4-compatible ::a.b.c.d, e.g. [::169.254.169.254] or [::7f00:1], are judged as the IPv4
 * they carry; NAT64 64:ff9b::/96, 6to4 2002::/16 and Teredo are refused outright).
 *
 * Where it is checked:
 * - `checkUrl(url, policy)` before each request and each redirect: scheme http(s), no
 *   credentials in the URL, an IP-literal host must be public (or allowlisted);
 * - `guardedConnector(policy)` at CONNECTION time (undici): DNS answers are filtered to public
 *   addresses (`lookup`), then the socket's actual remote address is checked before a byte of
 *   the request is sent, so DNS rebinding between a check and the connect is covered;
 * - `publicLookup(policy)` as the `lookup` of a socket the caller connects itself (the
 *   browser's egress proxy): the socket connects only to an address that was judged.
 *
 * Allowlist (`policy.allowHosts`, from CRAWL_ALLOW_HOSTS): "host:port" (that port only) or
 * "host" (any port), compared with the URL's hostname (IPv6 without brackets) and port (the
 * scheme's default when absent). Meant for the test fixture server on 127.0.0.1.
 */
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';
import { FetchFailure } from '../../shared/sources/source';

export interface AddressPolicy {
  /** "host:port" or "host" entries allowed even when not public (tests). */
  allowHosts: ReadonlySet<string>;
}

export const PUBLIC_ONLY: AddressPolicy = { allowHosts: new Set() };

/** Thrown (as a FetchFailure of kind 'blocked') for a refused URL or address. */
export const blocked = (message: string): FetchFailure => new FetchFailure('blocked', message);

/**
 * The ipaddr.js range name of an address ("unicast" for public ones, e.g. "loopback",
 * "private", "linkLocal", "uniqueLocal", "carrierGradeNat"), IPv4-mapped IPv6 read as IPv4;
 * "invalid" when it is no IP address.
 */
export const addressRange = (address: string): string => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'invalid';
  const parsed = ipaddr.process(bare);
  return (embeddedIpv4(parsed) ?? parsed).range();
};

/**
 * The IPv4 address inside an IPv4-compatible IPv6 address (::a.b.c.d, the deprecated ::/96 form;
 * WHATWG URL writes [::127.0.0.1] as [::7f00:1]), which ipaddr.js 2.5.0 calls `unicast`; null
 * for any other address and for :: and ::1 (their own ranges). IPv4-mapped ::ffff:a.b.c.d is
 * already turned into IPv4 by `ipaddr.process`.
 */
const embeddedIpv4 = (address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null => {
  if (address.kind() !== 'ipv6') return null;
  const parts = (address as ipaddr.IPv6).parts;
  if (parts.slice(0, 6).some((part) => part !== 0) || (parts[6] === 0 && parts[7]! <= 1)) return null;
  return ipaddr.fromByteArray([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]) as ipaddr.IPv4;
};

/** True only for a public unicast IPv4 or IPv6 address. "8.8.8.8" → true; "::ffff:127.0.0.1" → false. */
export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast';

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80');

const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Whether hostname:port is on the allowlist (entry "host:port", or "host" for any port). */
export const isAllowlisted = (hostname: string, port: string | number, policy: AddressPolicy): boolean => {
  const host = bareHost(hostname);
  return policy.allowHosts.has(host) || policy.allowHosts.has(`${host}:${String(port)}`) || policy.allowHosts.has(`[${host}]:${String(port)}`);
};

/** Parses CRAWL_ALLOW_HOSTS-style text: "127.0.0.1:4010, localhost" → a policy. */
export const policyFromList = (entries: readonly string[]): AddressPolicy => ({
  allowHosts: new Set(entries.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry.length > 0)),
});

/**
 * Checks a URL before it is requested (and each redirect target): http(s) only, no user or
 * password, and an IP-literal host must be public unless allowlisted. Host names are checked
 * at connection time (`guardedConnector`). Returns the parsed URL.
 * @throws FetchFailure kind 'blocked' naming the reason.
 */
export const checkUrl = (value: string | URL, policy: AddressPolicy): URL => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw blocked(`not a URL: ${String(value).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw blocked(`scheme ${url.protocol} refused (http and https only)`);
  if (url.username !== '' || url.password !== '') throw blocked('URLs with credentials are refused');
  const host = bareHost(url.hostname);
  const port = url.port || defaultPort(url.protocol);
  if (isAllowlisted(host, port, policy)) return url;
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw blocked(`address ${host} refused (${addressRange(host)})`);
  if (host === 'localhost' || host.endsWith('.localhost')) throw blocked(`host ${host} refused (loopback)`);
  return url;
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` replacement for net/tls `connect` that answers only public addresses of a host
 * (all of the host's addresses when the host is allowlisted). Fails with a 'blocked' error when
 * the host resolves to none.
 */
export const publicLookup =
  (policy: AddressPolicy) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowAll = [...policy.allowHosts].some((entry) => entry === bareHost(hostname) || entry.startsWith(`${bareHost(hostname)}:`));
      const usable = allowAll ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0) {
        const seen = addresses.map((entry) => `${entry.address} (${addressRange(entry.address)})`).join(', ');
        return callback(blocked(`host ${hostname} resolves only to refused addresses: ${seen}`) as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, usable);
      const first = usable[0]!;
      return callback(null, first.address, first.family);
    });
  };

/**
 * An undici connector that refuses non-public peers at connection time: DNS answers filtered
 * by `publicLookup`, then the connected socket's remote address checked (this also covers IP
 * literals, which skip DNS). Allowlisted host:port pairs pass. `timeoutMs` bounds the connect.
 */
export const guardedConnector = (policy: AddressPolicy, timeoutMs: number): buildConnector.connector => {
  const connect = buildConnector({ timeout: timeoutMs, lookup: publicLookup(policy) } as buildConnector.BuildOptions);
  return (options, callback) => {
    const allowlisted = isAllowlisted(options.hostname, options.port || defaultPort(options.protocol), policy);
    connect(options, (error, socket) => {
      if (error !== null) return callback(error, null);
      const remote = (socket as Socket).remoteAddress ?? '';
      if (!allowlisted && !isPublicAddress(remote)) {
        socket.destroy();
        return callback(blocked(`connection to ${options.hostname} reached ${remote || 'an unknown address'} (${addressRange(remote)}): refused`), null);
      }
      return callback(null, socket);
    });
  };
};
