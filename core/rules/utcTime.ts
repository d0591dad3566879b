/** UTC, spelled out ("2024-05-01 10:00 UTC"): editors of one page sit in different countries, so local time would mislead. */
export function formatUtcTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
