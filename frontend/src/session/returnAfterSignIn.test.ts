import { describe, expect, it } from 'vitest';
import { returnAfterSignIn } from './returnAfterSignIn';

describe('the return after signing in', () => {
  it('goes back only to a path on this site, with the alert dialog to reopen', () => {
    expect(returnAfterSignIn({ returnTo: '/remote_jobs?seniority=senior', createAlert: true })).toEqual({ returnTo: '/remote_jobs?seniority=senior', createAlert: true });
    expect(returnAfterSignIn({ returnTo: '/company/Cohere' })).toEqual({ returnTo: '/company/Cohere' });
    for (const elsewhere of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'javascript:alert(1)', 42]) expect(returnAfterSignIn({ returnTo: elsewhere, createAlert: true })).toBeNull();
    expect(returnAfterSignIn(null)).toBeNull();
    expect(returnAfterSignIn({ plan: 'yearly' })).toBeNull();
  });
});
