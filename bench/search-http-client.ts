/**
 * The load client of bench/search-http.ts, in its own process (forked with an IPC channel): it
 * never shares a process, nor an event loop, with the servers it measures.
 *
 * Receives one `ClientPlan` message; for each case (a list of `POST /api/jobs` bodies sent in
 * turn, cycling) and each client count, it warms both servers up, then sends requests from that
 * many keep-alive connections (undici, one request in flight per connection) in alternating
 * slices, product then bare, `rounds` slices of `sliceMs` each, so both meet the same machine
 * load. Each server walks the case's bodies from the start in the same order. Every answer is
 * read to its end and must be 200. Around each slice it asks the bench process for the CPU time
 * the loaded server's process has used (`CpuQuery` → microseconds), so the figures include the
 * server's CPU time per request, which the machine's other load moves less than requests a
 * second. Sends back one `{ figures: ClientFigures }` message and exits.
 */
import { Pool } from 'undici';

export interface ClientCase {
  name: string;
  /** Request bodies (JSON), sent in this order, cycling. */
  bodies: string[];
}

export interface ClientPlan {
  /** `POST` targets, e.g. http://127.0.0.1:1234/api/jobs. */
  product: string;
  bare: string;
  cases: ClientCase[];
  /** Connection counts to measure, e.g. [1, 32]. */
  clients: number[];
  rounds: number;
  sliceMs: number;
  /** Requests per server and connection count before timing. */
  warmUp: number;
  /** Load only the product (a profile of its process). */
  productOnly?: boolean;
}

/** Asked of the bench process: the CPU time (user and system, µs) `server`'s process has used so far. */
export interface CpuQuery {
  cpuOf: 'product' | 'bare';
}

export interface ServerFigures {
  requests: number;
  rps: number;
  /** The server process's CPU time (user and system) per request, µs. */
  cpu_us: number;
  /** Client-side latency, request sent to answer read to its end, ms. */
  p50_ms: number;
  p99_ms: number;
}

/** case name → client count → server → figures. */
export type ClientFigures = Record<string, Record<number, { product: ServerFigures; bare: ServerFigures }>>;

const percentile = (sorted: Float64Array, share: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

const cpuOf = (server: CpuQuery['cpuOf']): Promise<number> =>
  new Promise((resolve) => {
    process.once('message', (cpu: number) => resolve(cpu));
    process.send!({ cpuOf: server } satisfies CpuQuery);
  });

/** One server under load: its connections, its place in the body list, and what it answered. */
const target = (server: CpuQuery['cpuOf'], url: string, connections: number, bodies: readonly string[]) => {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let next = 0;
  const latencies: number[] = [];
  let spentMs = 0;
  let cpuUs = 0;
  const send = async (): Promise<number> => {
    const body = bodies[next % bodies.length]!;
    next += 1;
    const started = performance.now();
    const answer = await pool.request({ path: pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await answer.body.arrayBuffer();
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode} to ${body}`);
    return performance.now() - started;
  };
  return {
    warm: async (count: number): Promise<void> => {
      await Promise.all(Array.from({ length: connections }, async () => {
        for (let at = 0; at < Math.ceil(count / connections); at += 1) await send();
      }));
    },
    /** Every connection sends request after request for `ms`. */
    slice: async (ms: number): Promise<void> => {
      const cpuBefore = await cpuOf(server);
      const started = performance.now();
      const until = started + ms;
      await Promise.all(Array.from({ length: connections }, async () => {
        while (performance.now() < until) latencies.push(await send());
      }));
      spentMs += performance.now() - started;
      cpuUs += (await cpuOf(server)) - cpuBefore;
    },
    figures: (): ServerFigures => {
      const sorted = Float64Array.from(latencies).sort();
      return {
        requests: latencies.length,
        rps: round(latencies.length / (spentMs / 1000), 0),
        cpu_us: round(cpuUs / latencies.length, 1),
        p50_ms: round(percentile(sorted, 0.5), 3), p99_ms: round(percentile(sorted, 0.99), 3),
      };
    },
    close: () => pool.close(),
  };
};

const run = async (plan: ClientPlan): Promise<ClientFigures> => {
  const figures: ClientFigures = {};
  for (const { name, bodies } of plan.cases) {
    figures[name] = {};
    for (const connections of plan.clients) {
      const product = target('product', plan.product, connections, bodies);
      const bare = target('bare', plan.bare, connections, bodies);
      await product.warm(plan.warmUp);
      if (plan.productOnly !== true) await bare.warm(plan.warmUp);
      for (let slice = 0; slice < plan.rounds; slice += 1) {
        await product.slice(plan.sliceMs);
        if (plan.productOnly !== true) await bare.slice(plan.sliceMs);
      }
      figures[name][connections] = { product: product.figures(), bare: bare.figures() };
      await Promise.all([product.close(), bare.close()]);
    }
  }
  return figures;
};

process.once('message', (plan: ClientPlan) => {
  run(plan).then(
    (figures) => process.send!({ figures }, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
