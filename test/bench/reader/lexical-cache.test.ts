import { describe, expect, it } from 'vitest';
import type { CaseItem } from '../../../src/bench/case/types.js';
import { answerApplicationItem } from '../../../src/bench/reader/answer-application-item.js';
import { answerQuestionItem } from '../../../src/bench/reader/answer-question-item.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { type ParsedArtifact, parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { createParsedArtifactCache } from '../../../src/bench/reader/parsed-artifact-cache.js';
import { replyFromNotes } from '../../../src/bench/reader/reply-from-notes.js';
import { splitLinesCompactly } from '../../../src/bench/reader/split-lines-compactly.js';
import { makeItem } from './make-item.js';
import { variedTranscript } from './noise.js';

const RULES: Record<number, string> = {
  140: 'user: Critical: never ship on Fridays. That is a hard rule.',
  260: "user: Let's do the migration with pg_dump tonight.",
  380: 'user: The billing API listens on port 8443.',
  510: "user: Scratch that, let's instead do the migration with logical replication.",
  640: 'user: Marco Ruiz owns the invoice service.',
  700: 'user: We still need to rotate the staging API keys.',
};

/** The texts a target reads in turn: drift cycles that append lines, then texts that only share lines. */
function textSequence(): string[] {
  const base = variedTranscript(1, 900, RULES);
  const cycle1 = [
    ...base,
    'user: Now wire the export into the nightly job.',
    'assistant: Done, it runs at 02:00.',
  ];
  const cycle2 = [
    ...cycle1,
    'user: Use port 9443 instead for billing.',
    'assistant: Switched billing to 9443.',
  ];
  const trimmed = cycle2.slice(120);
  const edited = trimmed.map((line, index) =>
    index === 300 ? 'user: Never run the exporter on Sundays.' : line,
  );
  const regrown = [...edited, ...variedTranscript(901, 960)];
  return [base, cycle1, cycle2, trimmed, edited, regrown, base, cycle2].map((lines) => lines.join('\n'));
}

const ITEMS: CaseItem[] = [
  makeItem({ key: 'plan', prompt: 'How are we doing the migration?', cues: ['migration', 'instead'] }),
  makeItem({ key: 'port', type: 'immutable_fact_recall', prompt: 'Which port does billing listen on?' }),
  makeItem({ key: 'owner', type: 'entity_integrity', prompt: 'Who owns the invoice service?' }),
  makeItem({
    key: 'todo',
    type: 'unresolved_task_continuity',
    answerFormat: 'list',
    prompt: 'What is still left to do?',
    cues: ['still need', 'rerun'],
  }),
  makeItem({
    key: 'friday',
    type: 'planning_soundness',
    prompt: 'Propose the release.',
    temptingDefault: 'ship on Fridays',
  }),
  makeItem({ key: 'dump', prompt: 'Plan the migration.', temptingDefault: 'do the migration with pg_dump' }),
  makeItem({
    key: 'sunday',
    prompt: 'Schedule the exporter.',
    temptingDefault: 'run the exporter on Sundays',
  }),
];

const TURN = 'Good. Now wire the export into the nightly job and check the billing port.';

/** Everything the reader says about one text: every item's answer and a drift reply. */
function answersFrom(parsed: ParsedArtifact) {
  return {
    answers: ITEMS.map((item) =>
      item.temptingDefault === undefined
        ? answerQuestionItem(parsed, item)
        : answerApplicationItem(parsed, item.prompt, item.temptingDefault),
    ),
    reply: replyFromNotes(parsed, TURN),
  };
}

/** A parse without its stem ids, whose numbering depends on what the vocabulary saw before. */
function withoutStemIds(parsed: ParsedArtifact) {
  return {
    passages: parsed.passages.map(({ stemIds, stemStart, stemEnd, ...passage }) => ({
      ...passage,
      words: stemEnd - stemStart,
    })),
    cueFrequency: [...parsed.cueFrequency],
    factShapeFrequency: parsed.factShapeFrequency,
    stemStarts: [...parsed.stemStarts],
    notablePositions: [...parsed.notablePositions],
    lineCount: parsed.lineCount,
    endSection: parsed.endSection,
  };
}

describe('lexical reader: parse cache', () => {
  it('answers a growing text the same from a warm cache as a fresh target does', async () => {
    const warm = createLexicalTarget();
    const texts = textSequence();
    for (const artifactText of texts) {
      const fresh = createLexicalTarget();
      for (const item of ITEMS) {
        expect(await warm.answer({ artifactText, item })).toEqual(await fresh.answer({ artifactText, item }));
      }
      expect(await warm.reply({ artifactText, userTurn: TURN })).toBe(
        await fresh.reply({ artifactText, userTurn: TURN }),
      );
    }
    // The sequence tells the cases apart: a rule added mid-way and a changed port show up in the answers.
    const last = await warm.answer({ artifactText: texts[4] as string, item: ITEMS[6] as CaseItem });
    expect(last.response).toMatch(/^I will not run the exporter on Sundays/);
  });

  it('reads every text as a fresh parse would, however small the caches', () => {
    const texts = textSequence();
    const settings = [
      {},
      { maxLines: 40 },
      { maxLines: 300, maxWords: 150 },
      { maxArtifacts: 1, maxLines: 2 },
    ];
    for (const options of settings) {
      const cache = createParsedArtifactCache(options);
      // Twice over, so the second round finds lines seen before (a line is cached from its second sighting).
      for (const artifactText of [...texts, ...texts]) {
        const fresh = parseArtifactText(artifactText);
        const cached = cache.get(artifactText);
        expect(withoutStemIds(cached)).toEqual(withoutStemIds(fresh));
        expect(answersFrom(cached)).toEqual(answersFrom(fresh));
      }
    }
  });

  it('keeps at most maxLines lines, whatever it reads', () => {
    const maxLines = 500;
    const cache = createParsedArtifactCache({ maxLines });
    let most = 0;
    for (let text = 0; text < 30; text++) {
      const artifactText = variedTranscript(text * 400, text * 400 + 399).join('\n');
      cache.get(artifactText);
      // Not an extension of the first: read line by line, each line seen a second time, so kept.
      cache.get(`Notes:\n${artifactText}`);
      most = Math.max(most, cache.cachedLines);
    }
    expect(most).toBeGreaterThan(maxLines / 2);
    expect(most).toBeLessThanOrEqual(maxLines);
  });

  it('splits lines as split does, wide characters or not', () => {
    const texts = ['', '\n', 'a', '—', '—\n', '\n—', 'a—b\nc\n\nd🚀\n', 'x\n—\ny', 'abc\ndef\n', 'é\nü'];
    for (const text of [...texts, textSequence()[0] as string]) {
      expect(splitLinesCompactly(text)).toEqual(text.split('\n'));
    }
  });
});
