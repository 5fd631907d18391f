/**
 * A local stand-in for Contentful's Content Delivery API, enough for the blog's adapter and the
 * real `contentful` SDK (`createClient({ host: standIn.host, insecure: true, ... })`):
 *
 *   GET /spaces/{space}/environments/{environment}/entries?content_type=microblog
 *       [&fields.slug=...][&limit=N][&skip=N][&order=-sys.updatedAt]
 *
 * answers a collection shaped like the API's own (sys Array, total/skip/limit, items with full
 * `sys` blocks, linked image Assets in `includes.Asset`), as in
 * ../shared/data/contentful/includes.json (contentful/contentful.rb@ba141b51, MIT).
 * A wrong bearer token answers 401, an unknown space or environment 404, with bodies in the
 * API's error shape (`{ sys: { type: 'Error', id }, message, requestId }`).
 *
 * `fail(answer)` makes every following request answer `{ status, body }` as given (e.g. the
 * captured default_503.json, or a body that is not JSON); `fail(null)` heals it. `requests`
 * lists the paths with query asked so far. `startContentfulStandIn(options)` →
 * `Promise<ContentfulStandIn>`; `stop()` closes it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Document } from '@contentful/rich-text-types';

/** One `microblog` entry as an editor would have made it. */
export interface MicroblogInput {
  id: string;
  headline: string;
  metadescriptions?: string;
  slug: string;
  content?: Document;
  image?: { id: string; title: string; description?: string; url: string };
  createdAt: string;
  updatedAt: string;
}

export interface StandInFailure {
  status: number;
  body: string;
  contentType?: string;
}

export interface ContentfulStandInOptions {
  space?: string;
  environment?: string;
  accessToken?: string;
  entries: readonly MicroblogInput[];
}

export interface ContentfulStandIn {
  /** "127.0.0.1:PORT", for the SDK's `host` (with `insecure: true`). */
  host: string;
  space: string;
  environment: string;
  accessToken: string;
  requests: string[];
  fail(answer: StandInFailure | null): void;
  stop(): Promise<void>;
}

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

const errorBody = (id: string, message: string) => JSON.stringify({ sys: { type: 'Error', id }, message, requestId: 'stand-in' });

export const startContentfulStandIn = async (options: ContentfulStandInOptions): Promise<ContentfulStandIn> => {
  const space = options.space ?? 'standinspace';
  const environment = options.environment ?? 'master';
  const accessToken = options.accessToken ?? 'stand-in-delivery-token';
  const requests: string[] = [];
  let failure: StandInFailure | null = null;

  const sysOf = (id: string, type: string, createdAt: string, updatedAt: string) => ({
    space: link('Space', space),
    environment: link('Environment', environment),
    id,
    type,
    createdAt,
    updatedAt,
    revision: 1,
    locale: 'en-US',
  });
  const entryOf = (input: MicroblogInput) => ({
    metadata: { tags: [], concepts: [] },
    sys: { ...sysOf(input.id, 'Entry', input.createdAt, input.updatedAt), contentType: link('ContentType', 'microblog') },
    fields: {
      headline: input.headline,
      ...(input.metadescriptions === undefined ? {} : { metadescriptions: input.metadescriptions }),
      slug: input.slug,
      ...(input.content === undefined ? {} : { content: input.content }),
      ...(input.image === undefined ? {} : { image: link('Asset', input.image.id) }),
    },
  });
  const assetOf = (input: MicroblogInput) => {
    const image = input.image!;
    return {
      metadata: { tags: [], concepts: [] },
      sys: sysOf(image.id, 'Asset', input.createdAt, input.updatedAt),
      fields: {
        title: image.title,
        ...(image.description === undefined ? {} : { description: image.description }),
        file: { url: image.url, fileName: `${image.id}.jpg`, contentType: 'image/jpeg', details: { size: 1000, image: { width: 1200, height: 630 } } },
      },
    };
  };

  const send = (res: ServerResponse, status: number, body: string, contentType = 'application/vnd.contentful.delivery.v1+json') => {
    res.writeHead(status, { 'content-type': contentType, 'x-contentful-request-id': 'stand-in' });
    res.end(body);
  };

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (failure !== null) return send(res, failure.status, failure.body, failure.contentType);
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(res, 401, errorBody('AccessTokenInvalid', 'The access token you sent could not be found or is invalid.'));
    }
    const match = /^\/spaces\/([^/]+)\/environments\/([^/]+)\/entries$/.exec(url.pathname);
    if (match === null || match[1] !== space || match[2] !== environment) {
      return send(res, 404, errorBody('NotFound', 'The resource could not be found.'));
    }
    const query = url.searchParams;
    let items = options.entries.filter(() => query.get('content_type') === 'microblog');
    const slug = query.get('fields.slug');
    if (slug !== null) items = items.filter((entry) => entry.slug === slug);
    if ((query.get('order') ?? '').includes('-sys.updatedAt')) items = [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    const page = items.slice(skip, skip + limit);
    const assets = page.filter((entry) => entry.image !== undefined).map(assetOf);
    send(
      res,
      200,
      JSON.stringify({
        sys: { type: 'Array' },
        total: items.length,
        skip,
        limit,
        items: page.map(entryOf),
        ...(assets.length > 0 ? { includes: { Asset: assets } } : {}),
      }),
    );
  };

  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    space,
    environment,
    accessToken,
    requests,
    fail: (next) => {
      failure = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
