import { type ArtifactSectionName, sectionOfHeading } from '../../artifact/artifact-sections.js';
import type { CaseGroundTruth } from '../case/types.js';
import { readMentions } from './mentions.js';
import { findWholeWords, normalizeText } from './normalize.js';
import { contentStemsOf, hasNegation, stemWord, valueTokensOf } from './retention-words.js';

/** The kind of a ground-truth entry, after the list it comes from. */
export type RetentionEntryKind = 'fact' | 'decision' | 'forbidden' | 'unresolved' | 'deferred' | 'entity';

/** Whether the artifact still carries one ground-truth entry. */
export interface RetainedEntry {
  kind: RetentionEntryKind;
  entry: string;
  carried: boolean;
}

/** Retention of one artifact: every ground-truth entry, and the share carried. */
export interface Retention {
  entries: RetainedEntry[];
  carried: number;
  total: number;
  /** carried / total; 1 when the ground truth is empty (nothing to lose). */
  fraction: number;
}

/**
 * A statement may lose some of its words to rewording: three of every four must stay in one passage, or half
 * when the entry has exact values to anchor it (the values are the part no rewording may change).
 */
const CONTENT_WORD_SHARE = 0.75;
const ANCHORED_CONTENT_WORD_SHARE = 0.5;

interface ReadPassage {
  section: ArtifactSectionName;
  normalized: string;
  stems: Set<string>;
  raw: string;
}

// A message is one line of a rendered transcript and may say one thing over two sentences; a longer line (a
// tool output, a paragraph of prose) is cut into sentences so its words do not meet by chance.
const LONG_LINE = 600;

/** Lines of the rendered artifact, a long line cut into sentences, each with the section it sits in. */
function readPassages(text: string): ReadPassage[] {
  const passages: ReadPassage[] = [];
  let section: ArtifactSectionName = 'Summary';
  for (const line of text.split('\n')) {
    const heading = sectionOfHeading(line);
    if (heading !== undefined) {
      section = heading;
      continue;
    }
    for (const sentence of line.length > LONG_LINE ? line.split(/(?<=[.!?])\s+/) : [line]) {
      const normalized = normalizeText(sentence);
      if (normalized === '') continue;
      passages.push({ section, normalized, stems: new Set(contentStemsOf(normalized)), raw: sentence });
    }
  }
  return passages;
}

// "primary_subject: Dana Whitfield", "topic: billing": the label is the ground truth's, not the transcript's.
const LABELLED = /^\s*[a-z]+(?:_[a-z]+)*:\s+(.+)$/;

/**
 * Whether a statement (a fact, decision, rule or task) is carried: every exact value token of it appears in the
 * artifact, whole words (a fact may gather values from several messages), and one passage holds most of its
 * content words (CONTENT_WORD_SHARE), with the right polarity: a forbidden behaviour must be stated as a
 * rejection (a negation in that passage, or a place under Forbidden behaviors); any other entry worded with a
 * negation needs one too, so "do not release" is not kept by "release".
 */
function carriesStatement(
  passages: readonly ReadPassage[],
  kind: RetentionEntryKind,
  entry: string,
): boolean {
  const text = entry.match(LABELLED)?.[1] ?? entry;
  const normalized = normalizeText(text);
  if (normalized === '') return true;
  const values = valueTokensOf(text).map(normalizeText);
  const stems = contentStemsOf(normalized).filter(
    (stem) => !values.some((value) => value.split(' ').some((word) => stemWord(word) === stem)),
  );
  const holds = (passage: ReadPassage, value: string) =>
    findWholeWords(passage.normalized, value, 1).length > 0;
  if (!values.every((value) => passages.some((passage) => holds(passage, value)))) return false;
  const needed = Math.ceil(
    stems.length * (values.length > 0 ? ANCHORED_CONTENT_WORD_SHARE : CONTENT_WORD_SHARE),
  );
  const negated = kind !== 'forbidden' && hasNegation(normalized);
  return passages.some((passage) => {
    const exact = holds(passage, normalized);
    if (!exact) {
      // The passage must be about the entry: its words, or for a bare value, the value itself.
      if (stems.length === 0 && !values.some((value) => holds(passage, value))) return false;
      if (stems.filter((stem) => passage.stems.has(stem)).length < needed) return false;
    }
    if (kind === 'forbidden') {
      if (passage.section === 'Forbidden behaviors') return true;
      return (
        hasNegation(passage.normalized) || (exact && readMentions(passage.raw).classify(text) === 'rejected')
      );
    }
    return !negated || hasNegation(passage.normalized);
  });
}

/** Whether a name is carried: it appears, whole words, anywhere in the artifact. */
function carriesName(passages: readonly ReadPassage[], name: string): boolean {
  const needle = normalizeText(name);
  return (
    needle !== '' && passages.some((passage) => findWholeWords(passage.normalized, needle, 1).length > 0)
  );
}

/**
 * How much of the ground truth an artifact's rendered text still carries, computed without any reader: each
 * value exact and whole-word, each rule, decision, fact or task by its exact values and content words in one
 * passage, negation included, each entity by its name. It measures what the artifact holds, whoever reads it.
 * @example
 * artifactRetention({ ...emptyGroundTruth, forbiddenBehaviors: ['push to main'] }, 'Never push to main.').fraction; // 1
 */
export function artifactRetention(groundTruth: CaseGroundTruth, artifactText: string): Retention {
  const passages = readPassages(artifactText);
  const entries: RetainedEntry[] = [];
  const lists: [RetentionEntryKind, readonly string[]][] = [
    ['fact', groundTruth.immutableFacts],
    ['decision', groundTruth.lockedDecisions],
    ['forbidden', groundTruth.forbiddenBehaviors],
    ['unresolved', groundTruth.unresolvedItems],
    ['deferred', groundTruth.deferredItems],
  ];
  for (const [kind, list] of lists) {
    for (const entry of list) entries.push({ kind, entry, carried: carriesStatement(passages, kind, entry) });
  }
  for (const name of Object.keys(groundTruth.entityMap)) {
    entries.push({ kind: 'entity', entry: name, carried: carriesName(passages, name) });
  }
  const carried = entries.filter((entry) => entry.carried).length;
  return {
    entries,
    carried,
    total: entries.length,
    fraction: entries.length === 0 ? 1 : carried / entries.length,
  };
}
