import { describe, expect, it } from 'vitest';
import { logoCandidates } from './logo-candidates';

const page = 'https://www.example.ai/en/';

describe('logoCandidates', () => {
  it('orders touch icons, then icons (SVG, then largest), then og:image, then /favicon.ico', () => {
    const html = `<!doctype html><html><head>
      <meta property="og:image" content="https://cdn.example.ai/banner.png">
      <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">
      <link rel="icon" href="/favicon-192.png" sizes="192x192">
      <link rel="icon" href="/logo.svg" type="image/svg+xml">
      <link rel="apple-touch-icon" href="apple-touch-icon.png" sizes="180x180">
    </head><body></body></html>`;
    expect(logoCandidates(html, page)).toEqual([
      'https://www.example.ai/en/apple-touch-icon.png',
      'https://www.example.ai/logo.svg',
      'https://www.example.ai/favicon-192.png',
      'https://www.example.ai/favicon-32.png',
      'https://cdn.example.ai/banner.png',
    ]);
  });

  it('reads "shortcut icon", any case, and falls back to /favicon.ico', () => {
    expect(logoCandidates('<LINK REL="Shortcut Icon" HREF="/fav.ico">', page)).toEqual(['https://www.example.ai/fav.ico', 'https://www.example.ai/favicon.ico']);
    expect(logoCandidates('<p>no head at all', page)).toEqual(['https://www.example.ai/favicon.ico']);
  });

  it('keeps only http(s) URLs from hostile markup and runs nothing', () => {
    const html = `<link rel="icon" href="javascript:alert(1)"><link rel="icon" href="data:image/svg+xml,<svg onload=alert(1)>">
      <link rel="apple-touch-icon" href="file:///etc/passwd"><meta property="og:image" content="http://[::1">
      <script>document.write('<link rel=icon href=/evil.png>')</script>`;
    expect(logoCandidates(html, page)).toEqual(['https://www.example.ai/favicon.ico']);
  });
});
