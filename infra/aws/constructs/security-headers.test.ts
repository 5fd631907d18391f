/**
 * The security-headers policy refuses, at synthesis, a Content-Security-Policy that CloudFront
 * would refuse at deploy (over 1,783 characters), and says why.
 */
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { CLOUDFRONT_CSP_MAX_CHARS, securityHeadersPolicy } from './security-headers';

/** n style-src hash sources shaped like the build's: 'sha256-' + 44 base64 characters + "'". */
const styleHashes = (n: number): string[] => Array.from({ length: n }, (_, i) => `'sha256-${String(i).padStart(43, 'A')}='`);

describe('securityHeadersPolicy', () => {
  it('synthesises a policy whose CSP fits CloudFront', () => {
    const stack = new Stack(new App(), 'Fits');
    expect(() => securityHeadersPolicy(stack, 'Headers', { 'style-src': styleHashes(20) })).not.toThrow();
  });

  it('refuses a CSP longer than CloudFront accepts, naming the length and the inline hashes', () => {
    const stack = new Stack(new App(), 'TooLong');
    expect(() => securityHeadersPolicy(stack, 'Headers', { 'style-src': styleHashes(40) })).toThrow(
      new RegExp(`Content-Security-Policy is \\d+ characters, over CloudFront's ${CLOUDFRONT_CSP_MAX_CHARS}; it carries 40 inline hashes`),
    );
  });
});
