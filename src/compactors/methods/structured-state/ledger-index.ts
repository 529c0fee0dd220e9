import { comparisonText, type EntryKind, type LedgerEntry } from './ledger-entry.js';
import { topicWords } from './topic-words.js';

/** An entry with what the ledger compares it by, kept in step with its text. */
interface Indexed {
  entry: LedgerEntry;
  /** `comparisonText(entry.text)`: words of letters and digits, one space apart. */
  compared: string;
  words: readonly string[];
  /** Its topic words, found when first needed (most entries are never asked). */
  topics: ReadonlySet<string> | undefined;
  /** Whether it is listed among the decisions (by topic word), so a change of kind can unlist it. */
  listedAsDecision: boolean;
}

/**
 * How much comparing the index has done since it was created: `statements` looked up, `candidates` entries
 * compared with one of them, and `scans` entries compared by a pass over the whole ledger (statements of one
 * or two words, which any entry may contain). The tests read these to show the work per statement stays small.
 */
export interface LedgerIndexStats {
  statements: number;
  candidates: number;
  scans: number;
}

/**
 * Finds, without a pass over the ledger, what `Ledger.add` and `Ledger.supersede` used to find by comparing a
 * statement with every entry: the entries whose text contains it or is contained in it, the entries naming a
 * phrase as a run of whole words, and the newest decision on a topic. When one text contains another of three or more
 * words, the inner words of the shorter are whole words of the longer, and so is every run of them; so each
 * entry is filed under the hashes of its runs of up to three words, a lookup takes the rarest run's list, and
 * an exact comparison decides. A list may hold stale or colliding entries; they cost a comparison, never a
 * wrong answer. Lists only grow: an entry's text only ever grows to one that contains it.
 */
export class LedgerIndex {
  readonly stats: LedgerIndexStats = { statements: 0, candidates: 0, scans: 0 };
  private readonly records: Indexed[] = [];
  private readonly position = new Map<LedgerEntry, number>();
  /** Entries by the hash of each run of one to three of their words. */
  private readonly byRun = new Map<number, number[]>();
  /** Entries of three or more words by the hash of their kind and their rarest run of inner words. */
  private readonly byKey = new Map<number, number[]>();
  /** Entries of fewer than three words: any text may contain them. */
  private readonly short: number[] = [];
  /** Decisions by topic word, and all decisions, each in ledger order. */
  private readonly decisionsByTopic = new Map<string, number[]>();
  private readonly decisions: number[] = [];

  /**
   * Files an entry just appended to the ledger. `compared`, when the caller has it, is
   * `comparisonText(entry.text)`, so the text is not compared-cased twice.
   */
  insert(entry: LedgerEntry, compared = comparisonText(entry.text)): void {
    const at = this.records.length;
    const record: Indexed = { entry, compared: '', words: [], topics: undefined, listedAsDecision: false };
    this.records.push(record);
    this.position.set(entry, at);
    this.file(at, record, compared);
  }

  /** Files an entry again after its text or kind changed (`compared` as for {@link insert}). */
  update(entry: LedgerEntry, compared = comparisonText(entry.text)): void {
    const at = this.position.get(entry);
    if (at === undefined) return;
    const record = this.records[at] as Indexed;
    if (record.listedAsDecision) {
      removeSorted(this.decisions, at);
      for (const topic of record.topics ?? []) removeSorted(this.decisionsByTopic.get(topic) ?? [], at);
    }
    this.file(at, record, compared);
  }

  /** `comparisonText` of an entry's current text, as filed. */
  comparedOf(entry: LedgerEntry): string {
    const at = this.position.get(entry);
    return at === undefined ? comparisonText(entry.text) : (this.records[at] as Indexed).compared;
  }

  /**
   * The first entry, in ledger order, that `Ledger.add` stops at for a statement of `kind` compared as
   * `compared`: one whose text contains the statement, or one contained in it that is of the same kind or
   * rejected.
   */
  firstMatch(compared: string, kind: EntryKind): LedgerEntry | undefined {
    this.stats.statements++;
    let first = Number.POSITIVE_INFINITY;
    const consider = (at: number): void => {
      this.stats.candidates++;
      if (at >= first) return;
      const record = this.records[at] as Indexed;
      const { entry } = record;
      if (
        record.compared.includes(compared) ||
        ((entry.kind === kind || entry.kind === 'rejected') && compared.includes(record.compared))
      )
        first = at;
    };
    const { words, hashes } = this.hashed(compared);
    if (words.length >= 3) {
      // A text containing this one holds its inner words whole (its ends may be cut): any run of them will do.
      for (const at of this.rarest(runsOf(hashes.slice(1, -1)))) consider(at);
    } else {
      this.stats.scans += this.records.length;
      for (let at = 0; at < this.records.length && at < first; at++) consider(at);
    }
    // One contained in it counts only when of its kind or rejected; one that contains it was found above.
    for (const run of new Set(allRunsOf(hashes))) {
      for (const at of this.byKey.get(mix(run, KIND_SEED[kind])) ?? []) consider(at);
      if (kind !== 'rejected')
        for (const at of this.byKey.get(mix(run, KIND_SEED.rejected)) ?? []) consider(at);
    }
    for (const at of this.short) consider(at);
    return Number.isFinite(first) ? (this.records[first] as Indexed).entry : undefined;
  }

  /** Entries, in ledger order, whose comparison text holds `words` in a row, as whole words. */
  withRun(words: readonly string[]): LedgerEntry[] {
    this.stats.statements++;
    const run = ` ${words.join(' ')} `;
    const found = new Set<number>();
    for (const at of this.rarest(runsOf(words.map(hashWord)))) {
      this.stats.candidates++;
      if (` ${(this.records[at] as Indexed).compared} `.includes(run)) found.add(at);
    }
    return [...found].sort((a, b) => a - b).map((at) => (this.records[at] as Indexed).entry);
  }

  /** The topic words of an entry's current text. */
  topicsOf(entry: LedgerEntry): ReadonlySet<string> {
    const at = this.position.get(entry);
    if (at === undefined) return topicWords(entry.text);
    const record = this.records[at] as Indexed;
    record.topics ??= topicWords(entry.text);
    return record.topics;
  }

  /**
   * The newest decision other than `except` that shares a topic word with `topics`, else (unless `onTopic`)
   * the newest decision.
   */
  newestDecision(topics: ReadonlySet<string>, except: LedgerEntry, onTopic = false): LedgerEntry | undefined {
    const skip = this.position.get(except);
    const newest = (list: readonly number[] | undefined): number => {
      if (list === undefined) return -1;
      const last = list.at(-1) ?? -1;
      return last === skip ? (list.at(-2) ?? -1) : last;
    };
    let best = -1;
    for (const topic of topics) best = Math.max(best, newest(this.decisionsByTopic.get(topic)));
    if (best < 0 && !onTopic) best = newest(this.decisions);
    return best < 0 ? undefined : (this.records[best] as Indexed).entry;
  }

  /**
   * A text's words and their hashes. The last answer is kept: a statement looked up by `firstMatch` is most
   * often filed next, with the same text.
   */
  private hashed(compared: string): { words: readonly string[]; hashes: readonly number[] } {
    if (this.lastHashed.compared !== compared) {
      const words = compared.split(' ');
      this.lastHashed = { compared, words, hashes: words.map(hashWord) };
    }
    return this.lastHashed;
  }
  private lastHashed: { compared: string; words: readonly string[]; hashes: readonly number[] } = {
    compared: '',
    words: [''],
    hashes: [hashWord('')],
  };

  /** The shortest of the lists filed under `runs` (none when one is filed nowhere). */
  private rarest(runs: readonly number[]): readonly number[] {
    let shortest: number[] | undefined;
    for (const run of runs) {
      const list = this.byRun.get(run);
      if (list === undefined) return [];
      if (shortest === undefined || list.length < shortest.length) shortest = list;
    }
    return shortest ?? [];
  }

  private file(at: number, record: Indexed, compared: string): void {
    const { entry } = record;
    record.compared = compared;
    const { words, hashes } = compared === '' ? { words: [], hashes: [] } : this.hashed(compared);
    record.words = words;
    for (const run of allRunsOf(hashes)) appendOnce(this.byRun, run, at);
    if (record.words.length < 3) {
      if (this.short.at(-1) !== at) this.short.push(at);
    } else {
      // Filed under its rarest run of inner words, so each key's list stays short.
      let key = 0;
      let size = Number.POSITIVE_INFINITY;
      for (const run of runsOf(hashes.slice(1, -1))) {
        const runSize = this.byRun.get(run)?.length ?? 0;
        if (runSize < size) [key, size] = [run, runSize];
      }
      appendOnce(this.byKey, mix(key, KIND_SEED[entry.kind]), at);
    }
    record.topics = undefined;
    record.listedAsDecision = entry.kind === 'decision';
    if (record.listedAsDecision) {
      insertSorted(this.decisions, at);
      record.topics = topicWords(entry.text);
      for (const topic of record.topics) {
        const list = this.decisionsByTopic.get(topic);
        if (list === undefined) this.decisionsByTopic.set(topic, [at]);
        else insertSorted(list, at);
      }
    }
  }
}

/** Longest run filed: three words. Longer runs would file each entry under more keys for little gain. */
const MAX_RUN = 3;

const KIND_SEED: Readonly<Record<EntryKind, number>> = {
  rule: 1,
  rejected: 2,
  decision: 3,
  task: 4,
  deferred: 5,
  fact: 6,
  file: 7,
  error: 8,
};

/** A 30-bit FNV-1a hash of a word (small enough to stay a small integer key). */
function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < word.length; at++) hash = Math.imul(hash ^ word.charCodeAt(at), 0x01000193);
  return hash & 0x3fffffff;
}

/** The hash of a run continued by one more word's hash. */
function mix(run: number, next: number): number {
  return (Math.imul(run ^ 0x5bd1e995, 0x01000193) + Math.imul(next, 0x27d4eb2d)) & 0x3fffffff;
}

/** Hashes of the runs of `hashes` as long as the index keeps (all of them when there are fewer words). */
function runsOf(hashes: readonly number[]): number[] {
  const length = Math.min(MAX_RUN, hashes.length);
  const runs: number[] = [];
  for (let start = 0; start + length <= hashes.length; start++) {
    let run = hashes[start] as number;
    for (let at = start + 1; at < start + length; at++) run = mix(run, hashes[at] as number);
    runs.push(run);
  }
  return runs;
}

/** Hashes of every run of one to three neighbouring words. */
function allRunsOf(hashes: readonly number[]): number[] {
  const runs: number[] = [];
  for (let start = 0; start < hashes.length; start++) {
    let run = hashes[start] as number;
    runs.push(run);
    for (let at = start + 1; at < Math.min(hashes.length, start + MAX_RUN); at++) {
      run = mix(run, hashes[at] as number);
      runs.push(run);
    }
  }
  return runs;
}

/** Appends `at` to the list under `key`, unless it was the last one appended there. */
function appendOnce(index: Map<number, number[]>, key: number, at: number): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [at]);
  else if (list.at(-1) !== at) list.push(at);
}

/** Where `value` is or would go in an ascending list. */
function search(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Entries join at the end of the ledger, so an insert is almost always a push.
function insertSorted(list: number[], value: number): void {
  if (list.length === 0 || (list.at(-1) as number) < value) list.push(value);
  else {
    const at = search(list, value);
    if (list[at] !== value) list.splice(at, 0, value);
  }
}

function removeSorted(list: number[], value: number): void {
  const at = search(list, value);
  if (list[at] === value) list.splice(at, 1);
}
