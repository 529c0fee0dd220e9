import { withoutClause } from './clauses.js';
import {
  comparisonText,
  type EntryKind,
  KIND_PRIORITY,
  type LedgerEntry,
  restatesBehindLeadIn,
} from './ledger-entry.js';
import { LedgerIndex, type LedgerIndexStats } from './ledger-index.js';
import { BRIEF_CORRECTION_WORDS, CUTTABLE, OPEN_KINDS, PASSABLE, REPLACEABLE } from './ledger-kinds.js';
import { addsAfterReturn, bansWithoutRetracting, EARLIER_PLAN } from './revision-patterns.js';
import { moreWordsThan } from './split-sentences.js';
import { newestStated, newestStatedNaming, type StatedFacts } from './stated-facts.js';
import { sharedCount, topicWords } from './topic-words.js';
import { correctedText, correctsValue } from './value-correction.js';

/** The prefix of a part of an open task that a later statement reports done. */
export const CLOSED_PREFIX = 'Closed: ';

/** The prefix of an entry that a later statement superseded; it then sits with the prohibitions. */
export const SUPERSEDED_PREFIX = 'Superseded, do not use: ';

/**
 * Everything the structured-state method keeps, in session order: statements by kind, entities with their
 * roles, the files read and the session's goal. Adding deduplicates; an override moves what it replaces to
 * the rejected statements instead of leaving two current answers.
 */
export class Ledger {
  private readonly list: LedgerEntry[] = [];
  readonly entities = new Map<string, string>();
  goal = '';
  latest = '';
  /** Whether the ledger continues an earlier call's artifact: the session's goal was taken there. */
  resumed = false;
  private nextOrder = 0;
  /** Paths read, each once, in the order of their latest read (a re-read moves a path to the end). */
  private readonly reads = new Map<string, true>();
  private readonly index = new LedgerIndex();
  /** Entries the user stated in this call, in order: what a correction ("make that Friday") may replace. */
  private readonly stated: LedgerEntry[] = [];
  /** Entries read as revisions (each `supersede` call's override). */
  private readonly overriders = new Set<LedgerEntry>();

  /** Every entry, in the order it was first kept. */
  get entries(): readonly LedgerEntry[] {
    return this.list;
  }

  /** The files read, oldest read first. */
  get filesRead(): readonly string[] {
    return [...this.reads.keys()];
  }

  /** How much comparing the ledger has done; see {@link LedgerIndexStats}. */
  get stats(): Readonly<LedgerIndexStats> {
    return this.index.stats;
  }

  /**
   * Adds a statement unless one already kept says the same (either text contains the other): returns the entry
   * added, or the kept one it grew into, or undefined. An entry's text only ever grows to one containing it,
   * which the index relies on.
   */
  add(kind: EntryKind, text: string, priority = KIND_PRIORITY[kind]): LedgerEntry | undefined {
    const compared = comparisonText(text);
    if (compared === '') return undefined;
    // The first kept entry that contains the statement, or that it contains and may replace or is barred by.
    const entry = this.index.firstMatch(compared, kind);
    if (entry !== undefined) {
      const kept = this.index.comparedOf(entry);
      if (kept.includes(compared) || restatesBehindLeadIn(text, kept)) return undefined;
      if (kind !== entry.kind) return undefined;
      // The new statement says the same and more: keep it in place of the old one.
      entry.text = text;
      entry.priority = Math.max(entry.priority, priority);
      this.index.update(entry, compared);
      return entry;
    }
    return this.append({ kind, text, priority, order: this.nextOrder++ }, compared);
  }

  /**
   * Applies an override: each current decision that names a rejected phrase, and each fact or task that names
   * it and shares the override's subject, becomes a rejected entry. With no phrase ("scratch that"), the
   * newest earlier decision on the same subject (else, unless `onTopic`, the newest decision) is the one replaced.
   */
  supersede(
    override: LedgerEntry,
    phrases: readonly string[],
    returnedTo?: string,
    pointed = false,
    onTopic = false,
  ): void {
    this.overriders.add(override);
    const overrideTopics = topicWords(override.text);
    const rejected = new Set<LedgerEntry>();
    let replaced = 0;
    for (const phrase of phrases) {
      // "rather than Postgres for the queue" names Postgres: the phrase is cut from its end until it matches.
      const words = comparisonText(phrase).split(' ');
      // A person's name is not cut to a first name: "Freya" would find every Freya.
      const shortest = /^[A-Z][a-z]+ [A-Z][a-z]+/.test(phrase.trim()) ? 2 : 1;
      for (let length = words.length; length >= shortest && replaced === 0; length--) {
        const needle = words.slice(0, length).join(' ');
        if (needle.length < 3) break;
        const needleTopics = topicWords(needle);
        for (const entry of this.index.withRun(words.slice(0, length))) {
          if (entry === override || !REPLACEABLE.has(entry.kind) || entry.copyOf !== undefined) continue;
          const sameSubject = sharedCount(this.index.topicsOf(entry), overrideTopics, needleTopics) >= 2;
          if (entry.kind === 'decision' || sameSubject) {
            this.reject(entry, override);
            rejected.add(entry);
            replaced++;
          }
        }
      }
    }
    // "Forget the CSV thing": a short retraction naming one part of a statement that says several things. One
    // pointed at its subject ("ignore what I said about the CSV") takes back only that part, however long.
    if (
      replaced === 0 &&
      phrases.length > 0 &&
      (pointed || !moreWordsThan(override.text, BRIEF_CORRECTION_WORDS))
    )
      replaced += this.cutClause(override, phrases);
    if (replaced === 0) {
      // A plan named but not found ("park the dashboard work") replaces only a decision on its subject.
      const named = phrases.length > 0;
      const topics = named ? topicWords(phrases.join(' ')) : overrideTopics;
      const decision = this.index.newestDecision(topics, override, true);
      // "Make that Friday", "I meant 8081": a correction of something the user stated, newer than any plan.
      const stated = named
        ? newestStatedNaming(this.statedFacts, phrases, overrideTopics, decision, pointed)
        : newestStated(this.statedFacts, override, topics, decision);
      const previous =
        stated ?? decision ?? (named || onTopic ? undefined : this.index.newestDecision(topics, override));
      // A value the user corrected is written in place ("14,970 EUR (not 32,480 EUR)"), keeping the rest.
      // "…the cap is actually CHF 400. Do not put CHF 408 or CHF 440 in the alert; both are no longer valid.": a
      // ban on the old values after a correction in the same message restates it; it does not take it back.
      // Whether or not that correction found what it corrects ("Ana is actually on call. Bo is no longer on
      // call"); a retraction after it ("scratch that, …") takes it back.
      const restated =
        previous !== undefined &&
        previous.order >= this.messageStart &&
        this.overriders.has(previous) &&
        bansWithoutRetracting(override.text.toLowerCase());
      if (
        previous !== undefined &&
        !restated &&
        !(previous === stated && this.correctInPlace(previous, override))
      ) {
        this.reject(previous, override);
        rejected.add(previous);
      }
    }
    if (returnedTo === EARLIER_PLAN) this.reinstateEarlier(override, rejected);
    else if (returnedTo !== undefined) this.reinstate(returnedTo, override, rejected);
  }

  /**
   * Takes the one clause naming a retracted phrase out of the newest task or fact that names it, when that
   * statement says other things too ("they want a CSV export, and we need to disable their SSO"): the rest
   * stands, the clause is kept as superseded. Returns how many statements it cut (0 or 1).
   */
  private cutClause(override: LedgerEntry, phrases: readonly string[]): number {
    for (const phrase of phrases) {
      const cut = this.takeClause(comparisonText(phrase), override);
      if (cut === undefined) continue;
      const rejected = this.add('rejected', `${SUPERSEDED_PREFIX}${cut}`);
      if (rejected !== undefined) this.replacedBy.set(rejected, override);
      return 1;
    }
    return 0;
  }

  /**
   * "INFRA-4247 got closed as a dupe": the one clause of the newest open task with several parts that names
   * `name` is done. It leaves the task, and is kept as a fact: what was closed.
   */
  closeClause(name: string, closing: LedgerEntry): void {
    const cut = this.takeClause(comparisonText(name), closing, OPEN_KINDS);
    if (cut !== undefined) this.add('fact', `${CLOSED_PREFIX}${cut}`);
  }

  /**
   * An open task parts of which are closed (a tool's output showed them done, or the user set them aside): it
   * keeps the rest (`rest`), or, closed whole, becomes an entry of `kind`; each part closed is kept as an entry
   * of `kind` of its own (`closed`), saying why.
   */
  closeParts(
    entry: LedgerEntry,
    rest: string | undefined,
    closed: readonly string[],
    kind: EntryKind = 'fact',
  ): void {
    if (rest === undefined) {
      entry.kind = kind;
      entry.priority = KIND_PRIORITY[kind];
      entry.text = closed.join(' ');
    } else entry.text = rest;
    this.index.update(entry);
    for (const copy of this.list) if (copy.copyOf === entry) copy.text = entry.text;
    if (rest !== undefined) for (const text of closed) this.add(kind, text);
  }

  /**
   * Takes the one clause naming `needle` (comparison text) out of the newest entry of the given kinds that names
   * it and says other things too; the entry keeps the rest. Returns the clause taken, or undefined.
   */
  private takeClause(needle: string, by: LedgerEntry, kinds = CUTTABLE): string | undefined {
    if (needle.length < 3) return undefined;
    const found = this.index
      .withRun(needle.split(' '))
      .filter((entry) => entry !== by && kinds.has(entry.kind) && entry.copyOf === undefined)
      .at(-1);
    const split = found === undefined ? undefined : withoutClause(found.text, needle);
    if (found === undefined || split === undefined) return undefined;
    found.text = split.rest;
    this.index.update(found);
    for (const copy of this.list) if (copy.copyOf === found) copy.text = split.rest;
    return split.cut;
  }

  /**
   * Files a copy of a rule, decision or task among the facts: a statement that settles something and carries a
   * value ("grants last 8 hours", "kept seven years") answers questions about the value as well.
   */
  addFactCopy(original: LedgerEntry): void {
    if (original.kind === 'fact' || this.copied.has(original)) return;
    this.copied.add(original);
    // Not indexed: the original is what a later statement matches, and what an override finds.
    this.list.push({
      kind: 'fact',
      text: original.text,
      priority: original.priority,
      order: this.nextOrder++,
      copyOf: original,
    });
  }
  private readonly copied = new Set<LedgerEntry>();

  /**
   * Writes the value a correction gives in place of the one an entry states, the old one kept as "(not …)", in
   * the entry and its copy among the facts. False when the correction's values do not pair with the entry's.
   */
  private correctInPlace(entry: LedgerEntry, correction: LedgerEntry): boolean {
    if (entry.kind === 'decision' || !correctsValue(correction.text)) return false;
    const text = correctedText(entry.text, correction.text);
    if (text === undefined) return false;
    // The statement now carries the new value: the correction itself ("Dana says 04:05 works better, same day")
    // reports the change, and is no plan of its own beside it.
    if (correction.kind === 'decision') {
      correction.kind = 'fact';
      correction.priority = KIND_PRIORITY.fact;
      this.index.update(correction);
    }
    entry.text = text;
    this.index.update(entry);
    for (const copy of this.list) if (copy.copyOf === entry) copy.text = text;
    // A second correction ("ugh, Tuesday") corrects the statement again, not this report of the first.
    this.corrections.add(correction);
    // "It's the 13th now": a corrected value is a fact of its own, asked for as one, whatever holds it.
    this.addFactCopy(entry);
    return true;
  }

  /** Corrections already written into the statement they correct. */
  private readonly corrections = new Set<LedgerEntry>();

  /** What `newestStated` and `newestStatedNaming` read of the ledger. */
  private get statedFacts(): StatedFacts {
    return {
      stated: this.stated,
      corrections: this.corrections,
      topicsOf: (entry) => this.index.topicsOf(entry),
    };
  }

  // The order at which the message being read began.
  private messageStart = 0;

  /** Marks where a new message starts: a statement of the same message is not taken back by its restatement. */
  beginMessage(): void {
    this.messageStart = this.nextOrder;
  }

  /** Marks an entry as stated by the user (in this call), so a later correction can find it. */
  markStated(entry: LedgerEntry): void {
    this.stated.push(entry);
  }

  /**
   * "The first approach was better": the plan that the one just replaced had itself replaced, else the newest
   * superseded plan on its subject.
   */
  private reinstateEarlier(override: LedgerEntry, justRejected: ReadonlySet<LedgerEntry>): void {
    for (let at = this.list.length - 1; at >= 0; at--) {
      const entry = this.list[at] as LedgerEntry;
      const by = this.replacedBy.get(entry);
      if (entry.kind !== 'rejected' || by === undefined || !justRejected.has(by)) continue;
      this.unreject(entry, override);
      return;
    }
    const topics = new Set<string>();
    for (const entry of justRejected) for (const word of this.index.topicsOf(entry)) topics.add(word);
    for (let at = this.list.length - 1; at >= 0; at--) {
      const entry = this.list[at] as LedgerEntry;
      if (entry.kind !== 'rejected' || entry === override || justRejected.has(entry)) continue;
      if (!entry.text.startsWith(SUPERSEDED_PREFIX)) continue;
      if (![...this.index.topicsOf(entry)].some((word) => topics.has(word))) continue;
      this.unreject(entry, override);
      return;
    }
  }

  /**
   * "Back to Vite": the newest superseded entry naming the plan returned to is current again (a decision),
   * unless this same override has just superseded it.
   */
  private reinstate(phrase: string, override: LedgerEntry, justRejected: ReadonlySet<LedgerEntry>): void {
    const words = comparisonText(phrase).split(' ');
    for (let length = words.length; length > 0; length--) {
      const found = this.index
        .withRun(words.slice(0, length))
        .filter((entry) => entry.kind === 'rejected' && entry !== override && !justRejected.has(entry))
        .at(-1);
      if (found === undefined) continue;
      if (found.text.startsWith(SUPERSEDED_PREFIX)) this.unreject(found, override);
      return;
    }
  }

  /**
   * Keeps a statement as passed over, under `prefix` ("Not chosen: "): a fact (or error, or task) already kept
   * in its words becomes
   * that rejected entry, so the sentence is not also left standing as something found.
   */
  passOver(text: string, prefix: string): void {
    const compared = comparisonText(text);
    const kept = this.list.find(
      (entry) =>
        PASSABLE.has(entry.kind) && entry.copyOf === undefined && comparisonText(entry.text) === compared,
    );
    if (kept === undefined) {
      this.add('rejected', `${prefix}${text}`);
      return;
    }
    kept.kind = 'rejected';
    kept.priority = KIND_PRIORITY.rejected;
    kept.text = `${prefix}${kept.text}`;
    this.index.update(kept);
  }

  /**
   * Takes an option passed over out of the agent's statement that listed it beside others ("I timed both. X
   * takes 9 minutes. Y takes 17."): the statement keeps the rest, so it no longer puts the option forward.
   */
  cutPassedOver(option: string): void {
    const needle = option.trim();
    if (needle.length < 10) return;
    for (const entry of this.list) {
      if (!PASSABLE.has(entry.kind) || entry.copyOf !== undefined) continue;
      const at = entry.text.indexOf(needle);
      if (at < 0 || entry.text.length === needle.length) continue;
      const rest = `${entry.text.slice(0, at)}${entry.text.slice(at + needle.length)}`
        .replace(/\s{2,}/g, ' ')
        .trim();
      if (comparisonText(rest) === '') continue;
      entry.text = rest;
      this.index.update(entry);
    }
  }

  /** "Ignore everything we've said so far": every current decision is superseded. */
  supersedeAll(): void {
    for (const entry of this.list) if (entry.kind === 'decision') this.reject(entry);
  }

  /** Puts back an entry read from an earlier artifact, as it was, after the ones restored before it. */
  restore(kind: EntryKind, text: string): LedgerEntry {
    return this.append({ kind, text, priority: KIND_PRIORITY[kind], order: this.nextOrder++ });
  }

  /** Records a role for a name; an existing role is kept unless the new statement is an override. */
  setEntity(name: string, role: string, overrides: boolean): void {
    if (!this.entities.has(name) || overrides) this.entities.set(name, role);
  }

  /** Notes a file that was read; one list for all of them, newest last. */
  noteRead(path: string): void {
    this.reads.delete(path);
    this.reads.set(path, true);
  }

  private append(entry: LedgerEntry, compared?: string): LedgerEntry {
    this.list.push(entry);
    this.index.insert(entry, compared);
    return entry;
  }

  /**
   * A superseded entry made a current decision again (its text loses the prefix, keeping every run it had). It
   * is written after everything said so far, as the newest decision, unless the message `by` that returned to it
   * goes on to add to it ("…; heartbeat every 25 seconds"): then just before that message, which is newer still.
   */
  private unreject(entry: LedgerEntry, by: LedgerEntry): void {
    entry.order = addsAfterReturn(by.text) ? by.order - 0.5 : this.nextOrder++;
    this.replacedBy.delete(entry);
    entry.kind = 'decision';
    entry.priority = KIND_PRIORITY.decision;
    entry.text = entry.text.slice(SUPERSEDED_PREFIX.length);
    this.index.update(entry);
  }

  /** For a superseded entry, the statement that superseded it: what "the first approach was better" undoes. */
  private readonly replacedBy = new Map<LedgerEntry, LedgerEntry>();

  private reject(entry: LedgerEntry, by?: LedgerEntry): void {
    if (by !== undefined) this.replacedBy.set(entry, by);
    // A role stated by the superseded plan ("Mira signs off on each canary") is marked superseded with it.
    for (const [name, role] of this.entities)
      if (role === entry.text) this.entities.set(name, `${SUPERSEDED_PREFIX}${role}`);
    entry.kind = 'rejected';
    entry.priority = KIND_PRIORITY.rejected;
    if (!entry.text.startsWith(SUPERSEDED_PREFIX)) entry.text = `${SUPERSEDED_PREFIX}${entry.text}`;
    this.index.update(entry);
  }
}
