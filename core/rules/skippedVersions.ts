/**
 * What the editor says when the content service passed over saved versions it could not read (issue 11,
 * point 7): which ones, and that the newest readable one is used instead.
 */
export function describeSkippedVersions(page: string, versions: readonly number[]): string | null {
  if (versions.length === 0) return null;
  const sorted = [...versions].sort((a, b) => a - b);
  const which =
    sorted.length === 1 ? `Version ${sorted[0]}` : `Versions ${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
  const verb = sorted.length === 1 ? 'is damaged and was' : 'are damaged and were';
  return `${which} of ${page} ${verb} skipped; the newest readable version is used.`;
}
