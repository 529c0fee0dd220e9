import type { ConversionWarning } from '../messages/conversion-types.js';

/**
 * Counts what a reader skipped, by reason, so a 100 MB log yields a few warnings (`skipped 4,210 lines:
 * event_msg ×4,000, …`) instead of one per line; the first line of each reason is named so it can be found.
 */
export class SkipTally {
  private readonly counts = new Map<string, { count: number; firstLine: number }>();

  /** Notes one skipped item of the given kind, on the given line. */
  add(kind: string, line: number): void {
    const entry = this.counts.get(kind);
    if (entry) entry.count += 1;
    else this.counts.set(kind, { count: 1, firstLine: line });
  }

  /** How many items of this kind were skipped. */
  count(kind: string): number {
    return this.counts.get(kind)?.count ?? 0;
  }

  /** One warning for everything skipped with the given reason text, or none. */
  toWarnings(source: string, describe: (kind: string) => string): ConversionWarning[] {
    return [...this.counts.entries()].map(([kind, { count, firstLine }]) => ({
      where: `${source}:${firstLine}`,
      message: `${describe(kind)}: ${count.toLocaleString('en-US')} line${count === 1 ? '' : 's'} (first on this line)`,
    }));
  }
}
