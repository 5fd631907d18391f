/**
 * The letters in a profile circle: the first letter of the first and of the last word of the
 * full name, else the first letter of the email; upper-cased.
 * e.g. initialsOf({ name: 'Ada King Lovelace', email: 'ada@example.com' }) → 'AL';
 * { name: 'Grace', ... } → 'G'; { name: '  ', email: 'linus@example.com' } → 'L'; nothing usable → '?'.
 */
export function initialsOf({ name, email }: { name?: string | null; email?: string | null }): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  const first = (word: string | undefined) => (word ? Array.from(word)[0]! : '');
  const fromName = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  const letters = fromName || first((email ?? '').trim());
  return letters ? letters.toLocaleUpperCase() : '?';
}
