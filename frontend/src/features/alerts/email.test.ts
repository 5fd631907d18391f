import { describe, it, expect } from 'vitest';
import { isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it('accepts ordinary addresses, also with subdomains, plus tags and surrounding spaces', () => {
    for (const email of ['ada@example.com', 'grace.hopper+jobs@mail.navy.mil', ' linus@kernel.org ', 'jose@correo.españa']) {
      expect(isEmailAddress(email)).toBe(true);
    }
  });

  it('rejects what cannot receive mail', () => {
    for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com', 'ada@@example.com', 'ada@example..com', 'ada@example.c']) {
      expect(isEmailAddress(email)).toBe(false);
    }
    expect(isEmailAddress(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});
