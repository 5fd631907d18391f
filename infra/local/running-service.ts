/**
 * How a local service one command runs names itself to the other commands: the service writes
 * `<stateDir>/<file>` = `{"url": "http://127.0.0.1:8005", "pid": 1234}` once it listens and removes
 * it when it stops; another command reads it and uses the URL only when the service answers.
 * Used by the SES stand-in (`.data/ses/endpoint.json`) and the local product's site address
 * (`.data/site/url.json`, read by `npm run digest` and `npm run newsletter` for their links).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ServiceFile {
  /** The folder, e.g. `.data/ses`. */
  stateDir: string;
  /** The file name in it, e.g. `endpoint.json`. */
  file: string;
}

const fileOf = ({ stateDir, file }: ServiceFile): string => path.join(path.resolve(stateDir), file);

/** Writes the service's URL (and this process id); returns what removes it again (idempotent). */
export const nameRunningService = (where: ServiceFile, url: string): (() => void) => {
  mkdirSync(where.stateDir, { recursive: true });
  writeFileSync(fileOf(where), `${JSON.stringify({ url, pid: process.pid })}\n`);
  return () => rmSync(fileOf(where), { force: true });
};

/**
 * The URL a running service named in `where`, when it is a local http URL (127.0.0.1 or
 * localhost, a port, no path) and `GET <url><probePath>` gets any HTTP answer within 2 s; else
 * null (no file, a malformed one, or the service is gone).
 */
export const findRunningService = async (where: ServiceFile, probePath: string): Promise<string | null> => {
  let url: unknown;
  try {
    url = (JSON.parse(readFileSync(fileOf(where), 'utf8')) as { url?: unknown }).url;
  } catch {
    return null;
  }
  if (typeof url !== 'string' || !/^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(url)) return null;
  try {
    const response = await fetch(`${url}${probePath}`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return url;
  } catch {
    return null;
  }
};
