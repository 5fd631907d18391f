/**
 * An article's time as the blog shows it: 'hh:mm a | MMMM DD, YYYY', e.g.
 * "04:45 PM | September 10, 2026", in the visitor's time zone unless `timeZone` says otherwise
 * (an IANA name such as 'UTC'). Built from Intl.DateTimeFormat's parts, so month names come from
 * the platform, not from a table of ours. Returns '' for a time that does not parse.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      month: 'long',
      day: '2-digit',
      year: 'numeric',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

export const formatArticleTime = (iso: string, timeZone?: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.hour}:${parts.minute} ${parts.dayPeriod?.toUpperCase()} | ${parts.month} ${parts.day}, ${parts.year}`;
};
