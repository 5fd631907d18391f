/**
 * Whether `text` looks like an email address a person could receive mail at: one @, a non-empty
 * local part, a domain with a dot and a top-level part of 2+ letters, no spaces; at most 254
 * characters (RFC 5321's path limit). A shape check for the form, not proof the mailbox exists.
 * e.g. 'ada@example.com' → true; 'ada@example' → false; 'ada example.com' → false.
 */
export function isEmailAddress(text: string): boolean {
  const email = text.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[\p{L}]{2,}$/u.test(email);
}
