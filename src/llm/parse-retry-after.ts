/**
 * How long a server asked to wait, in milliseconds: `retry-after-ms`, else `Retry-After` as seconds or an HTTP
 * date. Header names are matched case-insensitively; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined) return undefined;
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value?.trim()]));
  const milliseconds = Number(lower.get('retry-after-ms'));
  if (lower.get('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = lower.get('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
