/** A 'YYYY-MM-DD' date input (or any date the browser can read) as "20 February 2026"; unreadable text as it is. */
export function formatDate(value: string, options: Intl.DateTimeFormatOptions = {}): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : new Date(value);
  if (!value || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
    ...options,
  }).format(date);
}
