/**
 * The career-page browser's one egress guard: an in-process forward proxy (proxy-chain 3.0.1,
 * HTTP requests and CONNECT tunnels) that every connection of Chromium must go through
 * (browser.ts launches it with `--proxy-server` and `--proxy-bypass-list=<-loopback>`), so
 * documents, subresources, popups, dedicated/shared/service workers and WebSockets alike are
 * judged by the crawler's address policy (../address-guard.ts) at CONNECTION time:
 * - an IP-literal target must be public (IPv4-mapped and IPv4-compatible IPv6 judged by the IPv4
 *   they carry), else the request is refused before any connection;
 * - a host name is resolved by the proxy and only its public addresses are used
 *   (`publicLookup`): the socket connects to exactly the address that was checked, so DNS
 *   rebinding between a check and the connect is not possible (Chromium sends host names to the
 *   proxy and does not resolve them itself);
 * - "localhost" and *.localhost names are refused outright;
 * - allowlisted "host:port" / "host" entries of the policy (test servers) pass unchecked.
 *
 * `startEgressProxy(policy)` → `{ url, onRefused(listener), close() }`; `url` is
 * "http://127.0.0.1:{port}" (listens on loopback only, on a free port). Each refusal is reported
 * to the listeners as `{ target: "host:port", reason }`. A refused plain-HTTP request gets
 * HTTP 403 from the proxy, a refused CONNECT (https, ws, wss) fails the tunnel.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestError, Server } from 'proxy-chain';
import { addressRange, isAllowlisted, isPublicAddress, PUBLIC_ONLY, publicLookup, type AddressPolicy } from '../address-guard';

export interface ProxyRefusal {
  /** "host:port" as the browser asked for it (IPv6 in brackets). */
  target: string;
  reason: string;
}

export interface EgressProxy {
  /** "http://127.0.0.1:{port}", for Chromium's `--proxy-server`. */
  url: string;
  /** Calls `listener` for every refused connection until the returned function is called. */
  onRefused(listener: (refusal: ProxyRefusal) => void): () => void;
  /** Stops the proxy and drops open tunnels. */
  close(): Promise<void>;
}

const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Why a target must be refused before any connection, or null when DNS decides (or it is allowed). */
const refusalBeforeConnect = (hostname: string, port: number, policy: AddressPolicy): string | null => {
  const host = bare(hostname);
  if (isAllowlisted(host, port, policy)) return null;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : `address ${host} refused (${addressRange(host)})`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `host ${host} refused (loopback)`;
  return null;
};

/** Starts the proxy on 127.0.0.1 (free port). @throws when it cannot listen. */
export const startEgressProxy = async (policy: AddressPolicy): Promise<EgressProxy> => {
  const listeners = new Set<(refusal: ProxyRefusal) => void>();
  const report = (refusal: ProxyRefusal) => {
    for (const listener of listeners) listener(refusal);
  };
  // Own agents without keep-alive: a pooled socket of the process's global agent was never judged here.
  const httpAgent = new http.Agent({ keepAlive: false });
  const httpsAgent = new https.Agent({ keepAlive: false });
  const lookupFor = (target: string): LookupFunction => {
    const lookup = publicLookup(PUBLIC_ONLY);
    return ((hostname, options, callback) =>
      lookup(hostname, options, (error, address, family) => {
        if (error) report({ target, reason: error.message });
        callback(error, address as string, family as number);
      })) as LookupFunction;
  };
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    verbose: false,
    prepareRequestFunction: ({ hostname, port }) => {
      const target = `${hostname}:${port}`;
      const refusal = refusalBeforeConnect(hostname, port, policy);
      if (refusal !== null) {
        report({ target, reason: refusal });
        throw new RequestError(`blocked: ${refusal}`, 403);
      }
      const allowlisted = isAllowlisted(hostname, port, policy);
      return { httpAgent, httpsAgent, ...(allowlisted ? {} : { dnsLookup: lookupFor(target) as never }) };
    },
  });
  await server.listen();
  return {
    url: `http://127.0.0.1:${server.port}`,
    onRefused: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await server.close(true);
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
};
