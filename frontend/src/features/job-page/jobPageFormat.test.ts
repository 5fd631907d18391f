import { describe, expect, it } from 'vitest';
import { shareLinks } from './shareLinks';

describe('job page share links', () => {
  it('builds plain share URLs carrying the page URL for each network', () => {
    const page = 'https://latentjobs.example/jobs/Cohere/software-engineer-collect-2786dc50';
    const links = shareLinks(page, 'Software Engineer, Collect at Cohere');
    expect(links.map((link) => link.network)).toEqual(['Facebook', 'LinkedIn', 'WhatsApp', 'X']);
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.protocol).toBe('https:');
      expect([...url.searchParams.values()].join(' ')).toContain(page);
    }
    expect(new URL(links[3]!.url).searchParams.get('text')).toBe('Software Engineer, Collect at Cohere');
  });
});
