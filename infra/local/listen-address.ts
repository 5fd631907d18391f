/**
 * Where the local product's servers listen and how this machine reaches them. Every listener the
 * local start runs (the server, DynamoDB Local, the SES and Stripe stand-ins, cognito-local and
 * its trigger) takes the one configured address, `LocalConfig.host` (HOST, infra/local/local-config.ts,
 * default 127.0.0.1: this machine only); stand-ins started on their own default to loopback too.
 */

/** The address a stand-in listens on when it is given none: this machine only. */
export const LOOPBACK = '127.0.0.1';

/**
 * The host a client on this machine uses for a server listening on `host`: the address itself,
 * or loopback for a wildcard (0.0.0.0, ::). E.g. "127.0.0.1", "192.168.1.20", "::1".
 */
export const reachableHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? LOOPBACK : host);

/** "http://<host>:<port>" of a server listening on `host`, as reached from this machine (IPv6 in brackets). */
export const localUrl = (host: string, port: number): string => {
  const reach = reachableHost(host);
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
};

/**
 * The URL a person on this machine opens for a server listening on `host`: "http://localhost:<port>"
 * when it is reached through loopback (the sign-in's redirect URLs name localhost), else `localUrl`.
 */
export const browserUrl = (host: string, port: number): string =>
  reachableHost(host) === LOOPBACK ? `http://localhost:${port}` : localUrl(host, port);
