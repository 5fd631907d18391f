/**
 * Safe local defaults (issue 14.5): every listener the local start runs, the server and each
 * stand-in (SES, Stripe, cognito-local and its trigger), takes the one configured address
 * (HOST, lambdas/config.ts; infra/local/listen-address.ts). What listens is read from the
 * kernel (/proc/net/tcp and tcp6, matched to the sockets this process and its children hold),
 * so a stand-in nobody thought to check, or one bound to every interface, shows up too.
 * HOST=127.0.0.2, another loopback address, shows the address is taken from HOST rather than
 * written into a stand-in. DynamoDB Local's own address is checked in tests/local-defaults.test.ts.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalProduct, type LocalProduct } from '../infra/local/server';
import { sharedConfig } from './support/dynamodb';

/** The ids of this process and all its descendants. */
const processTree = (): number[] => {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [process.pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
};

/** "a.b.c.d" or "[v6]" from /proc/net/tcp's hex: each 32-bit word in host (little-endian) order. */
const addressOf = (hex: string): string => {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((byte) => parseInt(byte, 16)));
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname;
};

/** Every TCP socket this process and its children listen on, as "address:port". */
const listeners = (): Set<string> => {
  const inodes = new Set<string>();
  const read = <T>(what: () => T, otherwise: T): T => {
    try {
      return what();
    } catch {
      return otherwise; // the process or descriptor ended meanwhile
    }
  };
  for (const pid of processTree()) {
    for (const fd of read(() => readdirSync(`/proc/${pid}/fd`), [])) {
      const socket = /^socket:\[(\d+)\]$/.exec(read(() => readlinkSync(`/proc/${pid}/fd/${fd}`), ''))?.[1];
      if (socket !== undefined) inodes.add(socket);
    }
  }
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state !== '0A' || inode === undefined || !inodes.has(inode)) continue; // 0A: LISTEN
      const [address, port] = local!.split(':');
      listening.add(`${addressOf(address!)}:${parseInt(port!, 16)}`);
    }
  }
  return listening;
};

let product: LocalProduct | undefined;

afterEach(async () => {
  await product?.stop();
  product = undefined;
});

/** Starts the local product (sign-in, SES and Stripe stand-ins on; the shared catalog) with HOST; returns what it listens on. */
const startWithHost = async (host: string): Promise<string[]> => {
  const before = listeners();
  const shared = sharedConfig();
  product = await startLocalProduct({
    port: 0,
    dataDir: null,
    env: {
      HOST: host,
      LOG_LEVEL: 'warn',
      DYNAMODB_ENDPOINT: shared.dynamodb.endpoint!,
      JOBS_TABLE: shared.dynamodb.tables.jobs,
      COMPANIES_TABLE: shared.dynamodb.tables.companies,
      STATE_TABLE: shared.dynamodb.tables.state,
    },
  });
  return [...listeners()].filter((listener) => !before.has(listener)).sort();
};

describe('the local start listens on the configured address only', () => {
  it('with HOST=127.0.0.1 the server and every stand-in listen on 127.0.0.1', async () => {
    const started = await startWithHost('127.0.0.1');
    expect(product!.notes.join('\n')).toMatch(/SES stand-in[\s\S]*cognito-local[\s\S]*Stripe stand-in/);
    // The server, the SES and Stripe stand-ins, cognito-local and its trigger.
    expect(started.length).toBeGreaterThanOrEqual(5);
    for (const listener of started) expect(listener).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(started).toContain(`127.0.0.1:${new URL(product!.url).port}`);
  });

  it('with HOST=127.0.0.2 every listener moves there, and the site answers there', async () => {
    const started = await startWithHost('127.0.0.2');
    expect(started.length).toBeGreaterThanOrEqual(5);
    for (const listener of started) expect(listener).toMatch(/^127\.0\.0\.2:\d+$/);
    expect(product!.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/$/);
    const departments = await fetch(new URL('api/departments', product!.url));
    expect(departments.status).toBe(200);
    // Sign-in works against the moved user pool: its settings name it at the new address.
    const auth = (await (await fetch(new URL('api/auth/config', product!.url))).json()) as Record<string, unknown>;
    expect(JSON.stringify(auth)).toContain('127.0.0.2');
  });
});
