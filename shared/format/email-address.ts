/**
 * The one email-address rule the browser (newsletter and alert forms) and the server (sign-ups,
 * suppression, tokens) both apply. Zod-free so the browser bundle can import it.
 *
 * The shape is zod 4's `z.email()` default pattern (letters, digits and `_'+-` in dot-separated
 * local parts that end with neither a dot nor an apostrophe; ASCII domain labels that start with a
 * letter or digit; a top-level part of 2+ ASCII letters), at most 254 characters (RFC 5321's path
 * limit). Addresses are compared after trim, Unicode NFC and lower-casing (see shared/email/address.ts
 * for why the local part is lower-cased too).
 *
 * e.g. isEmailAddress('Ada@Example.com') → true; 'ada.@example.com', 'ada@-x.com',
 * 'jose@correo.españa', 'ada@example' → false.
 */

export const MAX_EMAIL_LENGTH = 254;

/** zod 4's `z.email()` pattern (node_modules/zod/v4/core/regexes.js `email`), kept here so the browser needs no zod. */
export const EMAIL_ADDRESS_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The address as it is keyed and compared: trimmed, NFC, lower case. Not checked. */
export const canonicalEmailText = (text: string): string => text.trim().normalize('NFC').toLowerCase();

/** Whether `text`, once canonical, is an address the server accepts. */
export function isEmailAddress(text: string): boolean {
  const email = canonicalEmailText(text);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_ADDRESS_PATTERN.test(email);
}
