import { describe, expect, it } from 'vitest';
import { mailboxOf, normaliseEmailAddress } from './address';

const mailbox = (text: string) => mailboxOf(normaliseEmailAddress(text)!);

describe('mailboxOf', () => {
  it('drops the +tag and case: every sub-address counts as its mailbox', () => {
    expect(mailbox('Victim+1@Example.org')).toBe('victim@example.org');
    expect(mailbox('victim+2@example.org')).toBe('victim@example.org');
    expect(mailbox('victim+a+b@example.org')).toBe('victim@example.org');
    expect(mailbox('victim@example.org')).toBe('victim@example.org');
  });

  it("drops dots at Gmail and reads googlemail.com as gmail.com, as Google delivers", () => {
    expect(mailbox('a.d.a@gmail.com')).toBe('ada@gmail.com');
    expect(mailbox('A.da+news@GoogleMail.com')).toBe('ada@gmail.com');
  });

  it('keeps dots elsewhere: at most hosts they tell people apart', () => {
    expect(mailbox('a.da@example.org')).toBe('a.da@example.org');
    expect(mailbox('ad.a@example.org')).not.toBe(mailbox('a.da@example.org'));
  });

  it('keeps a local part that is nothing but a tag', () => {
    expect(mailbox('+tag@example.org')).toBe('+tag@example.org');
  });
});
