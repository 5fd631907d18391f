import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeReply } from './reply-encoding';

const json = (text: string, headers: Record<string, string> = {}) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(text),
});
const big = JSON.stringify({ jobs: Array.from({ length: 50 }, (_, at) => ({ job_title: `Engineer ${at}`, company_name: 'Cohere' })) });

describe('encodeReply', () => {
  it('compresses a text answer with Brotli when accepted, else gzip, else not', () => {
    const br = encodeReply(json(big), { method: 'POST', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(big);
    expect(br.body.length).toBeLessThan(big.length / 4);
    const gzip = encodeReply(json(big), { method: 'POST', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(big);
    expect(encodeReply(json(big), { method: 'POST', headers: {} }).body.toString()).toBe(big);
  });

  it('leaves small and binary answers alone', () => {
    expect(encodeReply(json('{"ok":true}'), { headers: { 'accept-encoding': 'br' } }).headers['content-encoding']).toBeUndefined();
    const image = { statusCode: 200, headers: { 'content-type': 'image/png' }, body: Buffer.alloc(4096) };
    expect(encodeReply(image, { headers: { 'accept-encoding': 'br' } })).toBe(image);
  });

  it('answers a GET whose If-None-Match names the ETag with 304 and no body', () => {
    const reply = json(big, { etag: '"abc"', 'cache-control': 'public, max-age=60' });
    const unchanged = encodeReply(reply, { method: 'GET', headers: { 'if-none-match': 'W/"abc", "other"' } });
    expect([unchanged.statusCode, unchanged.body.length, unchanged.headers.etag]).toEqual([304, 0, '"abc"']);
    expect(encodeReply(reply, { method: 'GET', headers: { 'if-none-match': '"old"' } }).statusCode).toBe(200);
  });
});
