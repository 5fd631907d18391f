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

/** Providers whose mailboxes ignore dots in the local part (Gmail's documented rule), by domain → the domain they deliver to. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox a normalised address delivers to, for counting (rate limits), never for sending:
 * - the sub-address (RFC 5233 "+tag") is dropped: "ada+jobs@example.com" → "ada@example.com"
 *   (Gmail, Outlook, iCloud, Fastmail, Proton and most hosts deliver "+tag" to the same mailbox);
 * - at gmail.com and googlemail.com dots are dropped too and the domain is gmail.com, as Google
 *   documents ("a.d.a@googlemail.com" → "ada@gmail.com"). Other providers keep their dots: at
 *   most hosts "a.da" and "ad.a" are different people.
 * `address` is an EmailAddress (already lower-cased by `EmailAddressSchema`).
 */
export const mailboxOf = (address: EmailAddress): string => {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split('+')[0]!;
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless !== undefined) return `${local.replaceAll('.', '') || local}@${dotless}`;
  return `${local || address.slice(0, at)}@${domain}`;
};
