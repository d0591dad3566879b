const TIME = /^\s*(\d{1,2}):(\d{2})\s*$/;

/**
 * Why `text` is not a 24-hour time of day ('HH:mm', e.g. a countdown's launchTime), or null when it is one.
 * One or two digits of hours, two of minutes; spaces around are dropped when stored (normaliseTimeOfDay).
 * Nothing rolls over: '25:99' is refused, never read as the next day's 02:39.
 */
export function timeOfDayError(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return 'Use a 24-hour time as HH:mm, e.g. 09:00.';
  if (Number(match[1]) > 23) return 'Hours go from 00 to 23.';
  if (Number(match[2]) > 59) return 'Minutes go from 00 to 59.';
  return null;
}

/** The stored form of a valid time: ' 9:05 ' -> '09:05'; null when it is not valid. */
export function normaliseTimeOfDay(text: string): string | null {
  if (timeOfDayError(text) !== null) return null;
  const [, hours, minutes] = TIME.exec(text) as RegExpExecArray;
  return `${hours!.padStart(2, '0')}:${minutes}`;
}
