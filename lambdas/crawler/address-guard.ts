/**
 * The crawler's address guard (SSRF protection): only http and https to PUBLIC addresses.
 * Shared by the JSON fetch client (http-fetcher.ts) and the career-page browser's egress proxy
 * (career-page/egress-proxy.ts), so both refuse the same things.
 *
 * Refused (`addressRange`): every address whose ipaddr.js 2.5.0 range is not `unicast`, i.e.
 * loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 incl. the
 * cloud metadata address 169.254.169.254, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7
 * incl. AWS's IPv6 metadata fd00:ec2::254), multicast, broadcast, unspecified, reserved,
 * documentation and discard ranges; every IPv6 address outside global unicast 2000::/3 (all of
 * ::/8 included); and every IPv6 form that embeds an IPv4 address, whatever that address:
 * IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d (e.g. [::7f00:1]), ISATAP
 * identifiers (…:0:5efe:a.b.c.d, …:200:5efe:a.b.c.d), 6to4 2002::/16, Teredo 2001::/32 and NAT64
 * 64:ff9b::/96 and 64:ff9b:1::/48.
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

/** IANA's global unicast IPv6 allocation (RFC 4291 §2.4): every public IPv6 address is inside it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an IPv6 address's interface identifier is an ISATAP one (RFC 5214 §6.1): the
 * identifier `[0-3]00:5efe:a.b.c.d` (`::5efe:`, `::0:5efe:`, `::200:5efe:`, u/g bits either way)
 * carries an IPv4 address the tunnel would deliver to, whatever the prefix.
 */
const isIsatap = (parts: readonly number[]): boolean => parts[5] === 0x5efe && (parts[4]! & 0xfcff) === 0;

/**
 * The range name of an address ("unicast" only for public ones), ipaddr.js 2.5.0's names where it
 * has one ("loopback", "private", "linkLocal", "uniqueLocal", "carrierGradeNat", "ipv4Mapped",
 * "rfc6052" (NAT64 64:ff9b::/96 and 64:ff9b:1::/48), "6to4", "teredo", "discard" (100::/64),
 * "reserved" (2001::/23, 2001:db8::/32 documentation, 3fff::/20), ...), else:
 * - "ipv4Compatible": ::a.b.c.d (deprecated; WHATWG URL writes [::127.0.0.1] as [::7f00:1]);
 * - "isatap": an ISATAP interface identifier embedding an IPv4 address;
 * - "notGlobalUnicast": any other IPv6 outside 2000::/3 (::/8, 100::/8, 200::/7, 4000::/2, ...,
 *   all reserved by IANA);
 * "invalid" when it is no IP address.
 *
 * Every IPv6 form that embeds an IPv4 address is refused outright (mapped, compatible, ISATAP,
 * 6to4, Teredo, NAT64): a public IPv4 host is reached by its IPv4 address.
 */
export const addressRange = (address: string): string => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'invalid';
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range !== 'unicast') return range;
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  if (isIsatap(v6.parts)) return 'isatap';
  if (!v6.match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
  return 'unicast';
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
