/**
 * An article's date as the blog shows it, without a time of day: 'MMMM D, YYYY', e.g.
 * "September 10, 2026", the UTC day unless `timeZone` says otherwise (an IANA name such as
 * 'America/New_York'), so the page rendered on the server reads the same in the browser. Month
 * names come from the platform (Intl.DateTimeFormat), not from a table of ours. Returns '' for a
 * time that does not parse.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export const formatArticleDate = (iso: string, timeZone = 'UTC'): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatterFor(timeZone).format(date);
};
