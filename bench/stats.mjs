// Pure statistics and table helpers of the benchmarks (unit-tested in tests/unit/benchStats.test.ts).

/** Nearest-rank percentile (q in 0..1), as ../shared/bench/puck-bench computes it; null for no values. */
export function percentile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (values) => percentile(values, 0.5);

/**
 * Keystroke-to-preview latencies of a burst: key j (pressed at keyTimes[j]) is shown by the first preview
 * change whose text holds at least baseLength + j + 1 characters. Changes are in time order; a key never
 * shown gets no latency, so the caller can see that fewer came back than were pressed.
 */
export function burstLatencies(keyTimes, changes, baseLength) {
  const latencies = [];
  let next = 0;
  for (let j = 0; j < keyTimes.length; j++) {
    while (next < changes.length && changes[next].length < baseLength + j + 1) next++;
    if (next === changes.length) break;
    latencies.push(changes[next].at - keyTimes[j]);
  }
  return latencies;
}

/** Puck's figure over the Studio's: above 1 the Studio is faster (or smaller); null when either is missing. */
export function ratio(puck, studio) {
  if (puck == null || studio == null || studio <= 0) return null;
  return puck / studio;
}

/** A Markdown table with right-aligned columns; null and undefined cells print as "-". */
export function table(header, rows) {
  const cells = rows.map((row) => row.map((cell) => (cell == null ? '-' : String(cell))));
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padStart(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => `${'-'.repeat(width + 1)}:`).join('|')}|`, ...cells.map(line)].join(
    '\n',
  );
}
