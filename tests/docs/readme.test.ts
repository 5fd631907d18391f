/**
 * The READMEs say only what is true of the code: every repository path they name exists, every
 * `npm run` script they name is in package.json, and the ATS list names every provider of the
 * registry (shared/ats/provider-ids.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATS_PROVIDER_NAMES } from '../../shared/ats/provider-ids';
import { REPO_ROOT } from '../../lambdas/config';

const READMES = ['README.md', 'infra/aws/README.md'] as const;
const read = (file: string): string => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Code spans and link targets that name a file or folder of the repository (from its root, or beside the README). */
const namedPaths = (text: string): string[] =>
  [...text.matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)\)/g)]
    .map((match) => (match[1] ?? match[2])!.replace(/[.,:;]$/, ''))
    .filter((name) => /^(?:shared|lambdas|infra|frontend|tests|bench|docs|constructs)\/|^\.\.\/shared\/data\/|\.md$/.test(name))
    .filter((name) => !/[<>{}*|$]/.test(name) && !name.startsWith('frontend/dist')); // build output: made by `npm run build:web`

describe.each(READMES)('%s', (readme) => {
  const text = read(readme);

  it('names only paths that exist', () => {
    const missing = namedPaths(text).filter((name) => !existsSync(path.join(REPO_ROOT, name)) && !existsSync(path.join(REPO_ROOT, path.dirname(readme), name)));
    expect(missing).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...text.matchAll(/npm run (?:-s )?([\w:-]+)|`(bench:[\w-]+)`/g)].map((match) => (match[1] ?? match[2])!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('README.md', () => {
  it('lists every ATS provider of the registry', () => {
    const opening = read('README.md').split('\n## ')[0]!;
    expect(Object.values(ATS_PROVIDER_NAMES).filter((name) => !opening.includes(name))).toEqual([]);
  });
});
