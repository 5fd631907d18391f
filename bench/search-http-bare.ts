/**
 * The bare `node:http` server of bench/search-http.ts, in its own process (forked with an IPC
 * channel): the floor the product's HTTP path is compared with.
 *
 * Receives one `BarePlan` message (each request body the bench sends and the length of the
 * product's uncompressed answer to it, and a filler at least as long as the longest answer),
 * listens on 127.0.0.1 and sends back its `POST` URL. Each request's body is read to its end and
 * answered 200 with the first `length` bytes of the filler, the product's content type and
 * `cache-control: no-store`: the same bytes on the wire as the product sends, without the work.
 * Every later message is answered with the CPU time (user and system, µs) the process has used.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BarePlan {
  /** [request body, length of the product's answer in bytes]. */
  answers: [string, number][];
  /** Answer bytes (JSON text), as long as the longest answer or longer. */
  filler: string;
  contentType: string;
}

process.once('message', (plan: BarePlan) => {
  const lengths = new Map(plan.answers);
  const filler = Buffer.from(plan.filler);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const length = lengths.get(Buffer.concat(chunks).toString('utf8'));
      if (length === undefined) {
        res.writeHead(400, { 'content-type': plan.contentType, 'content-length': '2' });
        res.end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': plan.contentType, 'cache-control': 'no-store', 'content-length': String(length) });
      res.end(filler.subarray(0, length));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/jobs`));
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send!(user + system);
  });
  process.once('disconnect', () => server.close());
});
