/**
 * How pages go out compressed: the encoding the client accepts, the smallest Brotli for pages
 * the edge keeps, the fast one for pages compressed on every request. The page text is HTML a
 * site would carry: the job descriptions of Cohere's Ashby board capture (../shared/data/ats/ashby/cohere.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { compressPage, encodePage, LARGE_PAGE_BYTES, pageEncoding } from './page-encoding';

const capture = JSON.parse(readFileSync(path.join(readConfig({}).sharedDataDir, 'ats', 'ashby', 'cohere.json'), 'utf8')) as { jobs: { title: string; descriptionHtml: string }[] };
const html = `<!doctype html><html lang="en"><body>${capture.jobs
  .slice(0, 12)
  .map((job) => `<article><h2>${job.title}</h2>${job.descriptionHtml}</article>`)
  .join('')}</body></html>`;

const page = (cacheControl: string, body = html) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl }, body });
const KEPT = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';

describe('encodePage', () => {
  it('sends Brotli when accepted, else gzip, else the HTML as it is; a refused encoding (q=0) is not sent', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding(undefined)).toBeNull();
    const identity = encodePage(page(KEPT), 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(html);
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(encodePage(page(KEPT, '<p>moved</p>'), 'br').headers['content-encoding']).toBeUndefined();
  });

  it('makes a page the edge keeps smaller in Brotli than in gzip, and smaller than the per-request Brotli', () => {
    const brotli = encodePage(page(KEPT), 'br');
    const gzip = encodePage(page(KEPT), 'gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(html);
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(brotli.body.length).toBeLessThan(gzip.body.length * 0.95);
    expect(brotli.body.length).toBeLessThan(compressPage(html, 'br', false).length);
  });

  it('compresses a kept page of more than 256 KB at Brotli 9, still smaller than gzip', () => {
    const large = Array.from({ length: Math.ceil((LARGE_PAGE_BYTES + 1) / html.length) }, () => html).join('');
    const brotli = encodePage(page(KEPT, large), 'br');
    expect(brotli.body).toEqual(brotliCompressSync(large, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(large) } }));
    expect(brotli.body.length).toBeLessThan(encodePage(page(KEPT, large), 'gzip').body.length);
  });

  it('compresses a page nobody keeps (no-store) with the fast settings', () => {
    const failure = encodePage(page('no-store'), 'br');
    expect(failure.body).toEqual(compressPage(html, 'br', false));
    expect(brotliDecompressSync(failure.body).toString()).toBe(html);
  });
});
