/**
 * Attack pages for the career-page browser's egress guard (issue 14: "a careers page can reach
 * internal addresses through Chromium"), and the internal service they aim at.
 *
 * CONSTRUCTED: each page is written here from the attack findings of issue 14; no real page.
 *
 * - `startCanary()`: a TCP service on a free port of every loopback address (listening on "::",
 *   dual stack, so 127.0.0.1 and ::ffff:127.0.0.1 both reach it) that counts connections and
 *   records the first request line of each ("GET /ws-page HTTP/1.1"), then answers 404.
 * - `startAttackSite(canaryPort)`: a site on 127.0.0.1 whose pages try to reach the canary by
 *   one vector each (`ATTACKS`); each page writes what happened into `<p id="result">`.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

export interface Canary {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** First request line of each connection that sent one. */
  readonly requests: string[];
  close(): Promise<void>;
}

export const startCanary = async (): Promise<Canary> => {
  let connections = 0;
  const requests: string[] = [];
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.once('data', (chunk) => {
      requests.push(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Vector name → page path. The canary paths each page aims at start with the page path. */
export const ATTACKS = {
  'a WebSocket from the page': '/ws-page',
  'a WebSocket and a fetch from a dedicated worker': '/ws-worker',
  'a window.open popup': '/popup',
  'a SharedWorker': '/shared-worker',
  'a ServiceWorker': '/service-worker',
  'WebSockets to IPv4-mapped and IPv4-compatible IPv6 literals': '/ipv6',
} as const;

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Careers</title></head><body><h1>Careers</h1><p id="result">pending</p><script>
const result = (text) => { document.getElementById('result').textContent = text; };
${script}
</script></body></html>`;

const routes = (canary: string, canaryPort: number): Record<string, { type: string; body: string }> => {
  const html = (script: string) => ({ type: 'text/html', body: page(script) });
  const js = (body: string) => ({ type: 'text/javascript', body });
  return {
    '/ws-page': html(`const ws = new WebSocket('ws://${canary}/ws-page'); ws.onerror = () => result('ws failed'); ws.onopen = () => result('ws open');`),
    '/ws-worker': html(`new Worker('/ws-worker.js'); result('worker started');`),
    '/ws-worker.js': js(`new WebSocket('ws://${canary}/ws-worker'); fetch('http://${canary}/ws-worker-fetch').catch(() => undefined);`),
    '/popup': html(`const opened = window.open('http://${canary}/popup'); result(opened === null ? 'no popup' : 'popup opened');`),
    '/shared-worker': html(`new SharedWorker('/shared-worker.js'); result('shared worker started');`),
    '/shared-worker.js': js(`new WebSocket('ws://${canary}/shared-worker-ws'); fetch('http://${canary}/shared-worker-fetch').catch(() => undefined);`),
    '/service-worker': html(`navigator.serviceWorker.register('/service-worker.js').then(() => result('registered'), (error) => result('refused: ' + error.message));`),
    '/service-worker.js': js(`fetch('http://${canary}/service-worker-fetch').catch(() => undefined);`),
    '/ipv6': html(
      `new WebSocket('ws://[::ffff:127.0.0.1]:${canaryPort}/ipv6-mapped'); new WebSocket('ws://[::127.0.0.1]:${canaryPort}/ipv6-compatible'); result('sent');`,
    ),
  };
};

export interface AttackSite {
  origin: string;
  /** "127.0.0.1:{port}", for the allowlist. */
  host: string;
  close(): Promise<void>;
}

export const startAttackSite = async (canaryPort: number): Promise<AttackSite> => {
  const table = routes(`127.0.0.1:${canaryPort}`, canaryPort);
  const server = createHttpServer((request, response) => {
    const route = table[(request.url ?? '/').split('?')[0]!];
    if (!route) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': `${route.type}; charset=utf-8` }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
