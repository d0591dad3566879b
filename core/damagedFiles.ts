import { z } from 'zod';

/**
 * A file in the data folder the app could not read and moved aside instead of writing over it, so the work
 * in it can still be recovered by hand. `keptAt` is where it is now.
 */
export const DamagedFileSchema = z.object({
  kind: z.enum(['draft', 'settings']),
  file: z.string(),
  keptAt: z.string(),
  reason: z.string(),
  /** For settings: what the app uses instead. */
  usedInstead: z.enum(['backup', 'defaults']).nullable(),
});

export type DamagedFile = z.infer<typeof DamagedFileSchema>;

function listPaths(paths: readonly string[]): string {
  if (paths.length <= 1) return paths.join('');
  return `${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
}

/** What the dashboard tells the user about files moved aside: one line for the drafts, one per settings file. */
export function describeDamagedFiles(files: readonly DamagedFile[]): string[] {
  const lines: string[] = [];
  const drafts = files.filter((file) => file.kind === 'draft').map((file) => file.keptAt);
  if (drafts.length === 1) lines.push(`1 draft could not be read and was kept at ${drafts[0]}.`);
  if (drafts.length > 1) lines.push(`${drafts.length} drafts could not be read and were kept at ${listPaths(drafts)}.`);
  for (const file of files) {
    if (file.kind !== 'settings') continue;
    const instead =
      file.usedInstead === 'backup' ? 'the last backup of the settings is used' : 'the default settings are used';
    lines.push(
      `The settings file ${file.file} could not be read (${file.reason}); it was kept at ${file.keptAt} and ${instead}.`,
    );
  }
  return lines;
}
