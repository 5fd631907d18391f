import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeDescription } from './sanitize';

describe('sanitizeDescription', () => {
  it('keeps the structure of a real Ashby description and drops its inline styles', () => {
    // Shape of stapply-ai/ats-scrapers@43ece6fd:ashby/companies/cohere.json descriptionHtml.
    const html =
      '<p style="min-height:1.5em"><strong>Who are we?</strong></p><h1>About</h1><ul style="min-height:1.5em"><li><p>Train <em>models</em></p></li></ul><h5>Small</h5>';
    expect(sanitizeDescription(html)).toBe('<p><strong>Who are we?</strong></p><h2>About</h2><ul><li><p>Train <em>models</em></p></li></ul><h4>Small</h4>');
  });

  it('removes scripts, styles, iframes and event handlers', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><style>p{}</style><iframe src="https://evil.example"></iframe><img src=x onerror="alert(1)"><svg><text>x</text></svg>';
    const clean = sanitizeDescription(html) ?? '';
    expect(clean).toBe('<p>Hi</p>');
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|alert|style|<img|svg/i);
  });

  it('keeps http(s) and mailto links, marks them external, and strips other schemes', () => {
    expect(sanitizeDescription('<p><a href="https://cohere.com/careers" class="x">careers</a></p>')).toBe(
      '<p><a href="https://cohere.com/careers" rel="noopener noreferrer nofollow" target="_blank">careers</a></p>',
    );
    expect(sanitizeDescription('<a href="mailto:jobs@example.com" target="_self" rel="opener">mail us</a>')).toBe(
      '<a href="mailto:jobs@example.com" rel="noopener noreferrer nofollow" target="_blank">mail us</a>',
    );
    const js = sanitizeDescription('<a href="javascript:alert(1)">x</a> <a href="JaVaScRiPt&colon;alert(1)">y</a> <a href="//evil.example">z</a>') ?? '';
    expect(js).not.toMatch(/javascript|evil|href/i);
    expect(js).toContain('x');
  });

  it('drops images, even over https', () => {
    expect(sanitizeDescription('<p>Team<img src="https://cdn.example/team.png" alt="team"></p>')).toBe('<p>Team</p>');
  });

  it('keeps simple tables with spans only', () => {
    expect(sanitizeDescription('<table border="1"><tr><td colspan="2" style="x">Pay</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">Pay</td></tr></table>',
    );
  });

  it('unwraps unknown tags and drops empty blocks', () => {
    expect(sanitizeDescription('<div><span class="a">Text</span></div><p style="min-height:1.5em"></p><p> </p>')).toBe('Text');
  });

  it('drops comments and CDATA, and escapes markup that arrives as text', () => {
    expect(sanitizeDescription('<p>a<!-- <script>x</script> -->b<![CDATA[<img src=x>]]></p>')).toBe('<p>ab</p>');
    expect(sanitizeDescription('<p>1 &lt; 2 &amp;&amp; <b>&quot;x&quot;</b></p>')).toBe('<p>1 &lt; 2 &amp;&amp; <b>"x"</b></p>');
    expect(sanitizeDescription('<td rowspan="2&quot;><script>">x</td>')).toBe('<td rowspan="2&quot;&gt;&lt;script&gt;">x</td>');
  });

  it('gives null when nothing readable is left', () => {
    expect(sanitizeDescription('')).toBeNull();
    expect(sanitizeDescription('   ')).toBeNull();
    expect(sanitizeDescription('<script>alert(1)</script><p></p><hr><br>')).toBeNull();
    expect(sanitizeDescription('<p>&nbsp;</p>')).toBeNull();
  });

  it('never lets an event handler, script or foreign scheme through', () => {
    const fragments = fc.constantFrom(
      '<p>', '</p>', '<a href="javascript:x()">', '<a href="https://ok.example">', '</a>', '<script>', '</script>', '<img src=x onerror=y>',
      '<b onmouseover="z">', 'text', '<', '>', '"', "'", '<iframe>', '<style>', 'javascript:', '<h1>', '<svg onload=1>',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 30 }), (parts) => {
        const clean = sanitizeDescription(parts.join('')) ?? '';
        expect(clean).not.toMatch(/<script|<iframe|<style|<img|<svg|\son\w+=|href="javascript/i);
      }),
      { numRuns: 300 },
    );
  });
});
