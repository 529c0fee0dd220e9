/** A map that keeps at most `capacity` entries, dropping the least recently used one first. */
export class LruCache<Key, Value> {
  // A Map iterates in insertion order, so re-inserting on every read keeps the oldest entry first.
  readonly #entries = new Map<Key, Value>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value stored under `key`, marking it as recently used. */
  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Stores `value`, dropping the least recently used entry when full. */
  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }
}
