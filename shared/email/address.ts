/**
 * Email addresses as the mailing side keys them (suppression list, list preferences, newsletter
 * sign-ups): `EmailAddressSchema` trims, applies Unicode NFC, lower-cases the whole address and
 * then checks it with the one address rule the browser applies too (shared/format/email-address.ts:
 * zod's email shape; at most 254 characters, RFC 5321's path limit).
 *
 * Lower-casing the local part is a deliberate choice: RFC 5321 lets a host treat it as case
 * sensitive, but no mainstream provider does, and one key per mailbox is what suppression needs
 * ("Ada@Example.com" and "ada@example.com" must never be two people, one suppressed, one not).
 *
 * e.g. normaliseEmailAddress('  Ada.Lovelace@Example.COM ') → 'ada.lovelace@example.com';
 *      normaliseEmailAddress('ada@example') → null.
 */
import { z } from 'zod';
import { canonicalEmailText, EMAIL_ADDRESS_PATTERN, MAX_EMAIL_LENGTH } from '../format/email-address';

/** A normalised, checked email address (the string itself, branded by use, not by type). */
export type EmailAddress = string;

export const EmailAddressSchema = z
  .string({ error: 'must be an email address' })
  .transform(canonicalEmailText)
  .pipe(z.string().regex(EMAIL_ADDRESS_PATTERN, { error: 'must be a valid email address, like name@example.com' }).max(MAX_EMAIL_LENGTH, { error: `must be at most ${MAX_EMAIL_LENGTH} characters` }));

/** The normalised address, or null when `text` is not a valid email address. */
export const normaliseEmailAddress = (text: string): EmailAddress | null => {
  const parsed = EmailAddressSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
};
