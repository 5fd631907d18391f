import { describe, expect, it } from 'vitest';
import { allowedHostsOf, hostAllowed, resourceMetadata } from './mcp-http';

describe('the /mcp Host and Origin check (DNS-rebinding protection)', () => {
  const local = allowedHostsOf('http://localhost:3000');
  const site = allowedHostsOf('https://jobs.example.com');

  it('accepts the site’s own host, and every loopback name on a local site’s port', () => {
    expect(hostAllowed({ host: 'localhost:3000' }, local, false)).toBe(true);
    expect(hostAllowed({ host: '127.0.0.1:3000', origin: 'http://[::1]:3000' }, local, false)).toBe(true);
    expect(hostAllowed({ host: 'jobs.example.com', origin: 'https://jobs.example.com' }, site, false)).toBe(true);
  });

  it('refuses another host or origin, another port, a missing Host and a garbled Origin', () => {
    expect(hostAllowed({ host: 'evil.example' }, local, false)).toBe(false);
    expect(hostAllowed({ host: 'localhost:3001' }, local, false)).toBe(false);
    expect(hostAllowed({ host: 'localhost:3000', origin: 'http://evil.example' }, local, false)).toBe(false);
    expect(hostAllowed({}, site, false)).toBe(false);
    expect(hostAllowed({ host: 'jobs.example.com', origin: 'not a url' }, site, false)).toBe(false);
  });

  it('behind CloudFront reads the viewer’s host from X-Forwarded-Host, not the API’s own Host', () => {
    expect(hostAllowed({ host: 'abc.execute-api.us-east-1.amazonaws.com', 'x-forwarded-host': 'jobs.example.com' }, site, true)).toBe(true);
    expect(hostAllowed({ host: 'jobs.example.com' }, site, true)).toBe(false);
  });

  it('checks nothing when no site is configured', () => {
    expect(hostAllowed({ host: 'anything' }, null, true)).toBe(true);
  });
});

describe('the protected-resource metadata', () => {
  it('names the resource and the user pool as authorisation server (RFC 9728)', () => {
    expect(resourceMetadata('https://jobs.example.com', 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc')).toMatchObject({
      resource: 'https://jobs.example.com/mcp',
      authorization_servers: ['https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc'],
      bearer_methods_supported: ['header'],
    });
    expect(resourceMetadata('http://localhost:3000', null)).not.toHaveProperty('authorization_servers');
  });
});
