/** The part of s3rver 3.7.1's API (lib/s3rver.js; the package ships no types) the local S3 stand-in uses. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves with the server's address. */
    run(): Promise<unknown>;
    httpServer: Server;
    close(): Promise<void>;
  }
}
