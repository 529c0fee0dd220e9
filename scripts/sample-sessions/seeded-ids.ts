import { createHash } from 'node:crypto';

/** A UUID-shaped id derived from text, so regenerated samples are byte-identical. */
export function seededUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An id in the provider's style (`toolu_…`, `call_…`, `msg_…`, `req_…`) derived from text. */
export function seededId(prefix: string, text: string, length = 24): string {
  const digest = createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, 'x');
  return `${prefix}${digest.slice(0, length)}`;
}

/** Timestamps one step apart from a fixed start, as ISO 8601 with milliseconds. */
export class Clock {
  private time: number;

  constructor(start: string) {
    this.time = Date.parse(start);
  }

  /** Advances by `seconds` and returns the new time. */
  tick(seconds: number): string {
    this.time += Math.round(seconds * 1000);
    return new Date(this.time).toISOString();
  }
}
