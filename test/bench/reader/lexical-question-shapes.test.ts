import { describe, expect, it } from 'vitest';
import { lowercaseWords, namesIn } from '../../../src/bench/reader/answer-shapes.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { questionShape } from '../../../src/bench/reader/question-shape.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, item: Parameters<typeof makeItem>[0]) {
  return createLexicalTarget().answer({ artifactText, item: makeItem(item) });
}

describe('lexical reader: how a question is asked', () => {
  it('reads the kind of value, the quotes and yes-or-no questions', () => {
    expect(questionShape('Who is in charge of the audit?').wants).toEqual(['person']);
    expect(questionShape('How long did the export take?').wants).toEqual(['number']);
    expect(questionShape('What does the archive tier cost a month?').wants).toEqual(['number']);
    expect(questionShape('Which branch holds the fix?').wants).toEqual(['identifier']);
    expect(questionShape('When the user said "keep it tidy", what did they mean?')).toMatchObject({
      wants: [],
      quoted: ['keep it tidy'],
      yesNo: false,
    });
    expect(questionShape("She said 'given that rule', which rule was it?").asksFor).toBe('rule');
    expect(questionShape("She said 'keep it consistent', what is the preference?").asksFor).toBe('decision');
    expect(questionShape("She said 'given that rule', what should happen next?").asksFor).toBeUndefined();
    expect(questionShape('Does Ingrid Solberg own the export?').yesNo).toBe(true);
    expect(questionShape('Does anyone know who owns the export?').yesNo).toBe(false);
  });

  it('takes a run of capitalised words for a name only when none of its words is written in lower case', () => {
    const common = lowercaseWords(['the test files pass', 'mail ingrid.solberg@example.com', 'does it']);
    expect(namesIn('Test Files 3 passed, reviewed by Ingrid Solberg', common)).toEqual(['Ingrid Solberg']);
    // A common word at the start of a question ends the name before it, not the name itself.
    expect(namesIn('Does Tobias Rydell own it?', common)).toEqual(['Tobias Rydell']);
  });
});

describe('lexical reader: answers by the kind of value asked for', () => {
  it('answers "who" with the passage that names someone, though it shares no word with the question', async () => {
    const artifactText = transcriptArtifact(120, {
      12: 'user: Kicking the quarterly pricing review off today, Ottoline Brandvold at the helm.',
      70: 'tool: SELECT owner_id, owner_email FROM accounts WHERE owner_id IS NOT NULL;',
      90: 'tool: Test Files  3 passed (3)',
      91: 'assistant: The test files all pass now.',
    });
    const result = await ask(artifactText, { type: 'entity_integrity', prompt: 'Who is in charge here?' });
    expect(result.response).toContain('Ottoline Brandvold');
  });

  it('prefers a name someone said over the names in a tool output, however many those are', async () => {
    const gitLog = (line: number, name: string) => ({
      [line]: 'tool git: commit 4f1c2a9e',
      [line + 1]: `Author: ${name} <${name.toLowerCase().replace(' ', '.')}@example.com>`,
      [line + 2]: '    Tidy the export module',
    });
    const artifactText = transcriptArtifact(160, {
      3: 'user: Let us plan the ledger archive rewrite with Solveig Amundsen.',
      ...gitLog(40, 'Tarquin Obi'),
      ...gitLog(60, 'Marisol Quist'),
      ...gitLog(80, 'Hollis Varga'),
      ...gitLog(100, 'Benedikt Sorensen'),
      ...gitLog(120, 'Ifeoma Chukwu'),
    });
    const result = await ask(artifactText, {
      type: 'entity_integrity',
      prompt: 'Who is leading this project?',
    });
    expect(result.response).toContain('Solveig Amundsen');
    expect(result.response).not.toContain('Author:');
  });

  it('still answers from a tool output when nobody in the conversation names anyone', async () => {
    const artifactText = transcriptArtifact(120, {
      50: 'tool read_file: # CODEOWNERS',
      51: '/services/billing/  Radomir Kuznetsov',
    });
    const result = await ask(artifactText, {
      type: 'entity_integrity',
      prompt: 'Who owns the billing services?',
    });
    expect(result.response).toContain('Radomir Kuznetsov');
  });

  it('takes a day or a quantity written in words for a number, and a turn number for none', async () => {
    const artifactText = transcriptArtifact(150, {
      30: '[turn 3] user: Good. We follow the runbook to the letter, the drill runs on Thursday morning.',
      31: '[turn 3] assistant: Noted, the drill is booked.',
      90: "[turn 9] tool run_command: WHERE l.created_at >= now() - interval '8 days'",
    });
    const day = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'On which day are we running the drill?',
    });
    expect(day.response).toContain('Thursday');
    const long = await ask(
      transcriptArtifact(150, { 40: '[turn 4] user: the freeze starts three days before the launch.' }),
      { type: 'immutable_fact_recall', prompt: 'How long before the launch does the freeze start?' },
    );
    expect(long.response).toContain('three days');
  });

  it('gives a short "who" answer as the names alone, without the rest of the sentence', async () => {
    const artifactText = transcriptArtifact(120, {
      30: "user: Signe Halvorsen's review on my PR: rename the helper and drop the legacy retry wrapper.",
    });
    const short = await ask(artifactText, {
      type: 'entity_integrity',
      prompt: 'Whose review are we addressing?',
      answerFormat: 'short',
    });
    expect(short.response).toBe('Signe Halvorsen.');
    expect(short.evidence[0]?.text).toContain('legacy retry wrapper');
    const free = await ask(artifactText, {
      type: 'entity_integrity',
      prompt: 'Whose review are we addressing?',
    });
    expect(free.response).toContain('drop the legacy retry wrapper');
  });

  it('says the notes do not say when no passage names anyone', async () => {
    const artifactText = transcriptArtifact(60, {
      20: 'tool: Test Files  3 passed (3)',
      21: 'assistant: The test files all pass now.',
    });
    const result = await ask(artifactText, { type: 'entity_integrity', prompt: 'Who is in charge here?' });
    expect(result.response).toBe('The notes do not say.');
  });

  it('quotes the name from the sentence next to the one about the question', async () => {
    const said =
      'user: Heads-up, Ottoline Brandvold from the treasury team just called me about this one. ' +
      'The regulators want every conversion priced at the rate of the minute the invoice was raised';
    // One line of two sentences, and one long enough to be read as two passages.
    for (const line of [
      `${said}.`,
      `${said}, so a rate cached for a quarter of an hour would be flagged in the next review of the ledger, and the one after it, and we would have to explain it to the auditors all over again.`,
    ]) {
      const result = await ask(transcriptArtifact(120, { 50: line }), {
        type: 'entity_integrity',
        prompt: 'Who passed on what the regulators want for conversion rates?',
      });
      expect(result.response).toContain('Ottoline Brandvold');
      expect(result.response).toContain('regulators want every conversion');
    }
  });

  it('answers "how long" with the passage that holds a number', async () => {
    const artifactText = transcriptArtifact(80, {
      30: 'assistant: The nightly export is slow, the export step is the long pole of the nightly run.',
      55: 'tool: nightly export finished after 48 minutes',
    });
    const result = await ask(artifactText, { prompt: 'How long does the nightly export take?' });
    expect(result.response).toContain('48 minutes');
  });

  it('answers "which customer" with the passage naming one, as "who" is: a firm is named as a person is', async () => {
    expect(questionShape("Which client's invoices bounce?").wants).toEqual(['person']);
    expect(questionShape('Which supplier shipped the cables?').wants).toEqual(['person']);
    // The firm qualifies the noun asked for: "which customer emails" asks for emails.
    expect(questionShape('Which customer emails may still go out?').wants).toEqual([]);
    const artifactText = transcriptArtifact(90, {
      10: 'user: The invoice export keeps failing for one customer since Monday and I have no idea why.',
      48: 'assistant: The export chokes on the Hollowmere Bakery rows: their invoices carry an unknown currency code.',
    });
    const result = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'Which customer is the invoice export failing for?',
    });
    expect(result.response).toContain('Hollowmere Bakery');
  });

  it('quotes only the sentence holding the name, not the superseded approach next to it', async () => {
    const artifactText = transcriptArtifact(40, {
      8: 'user: Goal: the invoice rewrite ships this quarter, Ingrid Solberg leading. Approach: port it to Rust.',
    });
    const result = await ask(artifactText, { type: 'entity_integrity', prompt: 'Who leads the rewrite?' });
    expect(result.response).toContain('Ingrid Solberg');
    expect(result.response).not.toContain('Rust');
  });

  it('answers a yes-or-no question about someone with the clause that names them', async () => {
    const artifactText = transcriptArtifact(60, {
      15: 'user: Split for the audit: Ingrid Solberg takes the ledger export, Tobias Rydell takes the refund backfill.',
    });
    const result = await ask(artifactText, {
      type: 'forbidden_behavior_retention',
      prompt: 'Does Ingrid Solberg take the refund backfill?',
      check: { kind: 'forbidden_absent', value: 'refund backfill' },
    });
    expect(result.response).toContain('ledger export');
    expect(classifyMention(result.response, 'refund backfill')).toBe('absent');
  });
});

describe('lexical reader: items named by their number', () => {
  it('answers "rule two" with the passage that labels it so', async () => {
    const artifactText = transcriptArtifact(120, {
      10: 'user: Two hard rules for the payments worker, both non-negotiable.',
      11: 'user: Rule one: never retry a charge without the idempotency key.',
      12: 'user: Rule two: never log a full card number.',
    });
    const result = await ask(artifactText, {
      type: 'forbidden_behavior_retention',
      prompt: 'What was rule two?',
    });
    expect(result.response).toBe('user: Rule two: never log a full card number.');
  });
});

describe('lexical reader: quoted references', () => {
  it('answers with the rule the quoted phrase points back at, not the quote', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: Ground rule for the mobile release: never ship it on a Friday.',
      60: 'user: Another thing, the desktop build can go out whenever.',
      120: 'user: Keeping that rule in view, plan the mobile release.',
    });
    const result = await ask(artifactText, {
      prompt: "When the user said 'keeping that rule in view', which rule did they mean?",
    });
    expect(result.response).toContain('never ship it on a Friday');
  });

  it('finds the rule under Forbidden behaviors in notes kept by section, wherever it sits', async () => {
    const artifactText = [
      'Latest request: OK, keeping that rule in view, plan the mobile release.',
      'Immutable facts:',
      '- The mobile app ships from the release-train branch.',
      'Forbidden behaviors:',
      '- Ship the mobile app on a Friday.',
    ].join('\n');
    const result = await ask(artifactText, {
      prompt: "When the user said 'keeping that rule in view', which rule did they mean?",
    });
    expect(result.response).toBe('Ship the mobile app on a Friday.');
  });

  it('follows a quoted reference though no passage scores enough on its own', async () => {
    const artifactText = transcriptArtifact(150, {
      4: 'user: Only one: never mail the vendor credentials. Hard line.',
      140: 'user: Heads-up: With that rule in mind, what should our first step be? Cheers.',
    });
    const result = await ask(artifactText, {
      type: 'locked_decision_retention',
      prompt: "Which specific rule did the user point at when they said 'with that rule in mind'?",
    });
    expect(result.response).toContain('never mail the vendor credentials');
  });

  it('finds the quote in the message that says it word for word, not in a later line sharing a word', async () => {
    const artifactText = transcriptArtifact(150, {
      10: '[turn 0] user: the nightly export is too slow, what can we do?',
      11: '[turn 0] assistant: Two ways out:',
      12: '1. split the export per region',
      13: '2. move the export to the read replica',
      14: '[turn 1] user: the second one, the primary is busy enough at night.',
      90: '[turn 6] assistant: The retry succeeded on the second attempt.',
    });
    const result = await ask(artifactText, {
      type: 'locked_decision_retention',
      prompt: "For the slow nightly export, 'the second one' was chosen. Which way is that?",
    });
    expect(result.response).toContain('move the export to the read replica');
  });

  it('keeps a later passage that answers the question itself', async () => {
    const artifactText = transcriptArtifact(100, {
      10: 'user: Fix it in the hand-written one, leave the generated one alone.',
      11: 'assistant: So the hand-written parser is lib/dates/parse.ts and the fix goes there.',
    });
    const result = await ask(artifactText, {
      prompt: "You were told to fix it in 'the hand-written one'. Which file is that?",
    });
    expect(result.response).toContain('lib/dates/parse.ts');
  });
});

describe('lexical reader: a question asked with a default in mind', () => {
  const artifactText = transcriptArtifact(120, {
    30: 'user: Brackenfield is onboarding soon: product questions go to Oskar Lindgren, for anything legal it is Wanjiru Otieno.',
  });
  const question = {
    type: 'planning_soundness' as const,
    prompt: 'Who should the question about the data processing agreement go to?',
    temptingDefault: 'Oskar Lindgren',
  };

  it('answers from the notes when they name a person for it', async () => {
    const result = await ask(artifactText, question);
    expect(result.response).toContain('Wanjiru Otieno');
    expect(result.evidence).toHaveLength(1);
  });

  it('takes the default when the notes name nobody', async () => {
    const result = await ask(transcriptArtifact(120, {}), question);
    expect(result.response).toBe('Next step: Oskar Lindgren.');
  });

  it('carries out a writing task as the default says, question word or not', async () => {
    const result = await ask(artifactText, {
      ...question,
      prompt: 'Write the message to the person who handles the agreement.',
      temptingDefault: 'Hi Oskar Lindgren, does the agreement allow this?',
    });
    expect(result.response).toBe('Next step: Hi Oskar Lindgren, does the agreement allow this.');
  });
});

describe('lexical reader: the word that names the kind of answer', () => {
  it('reads "file" in "which file …?" as the kind of answer, not as a topic every file read shares', async () => {
    expect(questionShape('Which config file holds the proxy settings?').kindWords).toEqual(['file', 'holds']);
    const reads: Record<number, string> = {};
    for (let turn = 1; turn <= 30; turn++) {
      reads[turn * 4] = `[turn ${turn}] assistant calls read_file {"path":"src/area${turn}/part_${turn}.ts"}`;
      reads[turn * 4 + 1] = `[turn ${turn}] tool read_file: // session timeout for worker ${turn}`;
    }
    const artifactText = transcriptArtifact(140, {
      ...reads,
      90: '[turn 22] user: the session timeout is too short, see deploy/edge/session.conf',
    });
    const result = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'Which file holds the session timeout?',
    });
    expect(result.response).toContain('deploy/edge/session.conf');
  });
});

describe('lexical reader: a tool call states no fact', () => {
  it('does not take the argument names of a call ("path") for words that come with a fact', async () => {
    const reads: Record<number, string> = {};
    for (let turn = 1; turn <= 30; turn++) {
      reads[turn * 4] = `[turn ${turn}] assistant calls read_file {"path":"src/billing/retry_${turn}.ts"}`;
      reads[turn * 4 + 1] = `[turn ${turn}] tool read_file: // retry helper number ${turn}`;
    }
    const artifactText = transcriptArtifact(140, {
      ...reads,
      90: '[turn 22] user: heads-up, billing retries give up after 45 minutes',
    });
    const result = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'How long before billing retries give up?',
    });
    expect(result.response).toContain('45 minutes');
  });
});

describe('lexical reader: how much a passage must share with the question', () => {
  it('answers from the passages sharing a distinctive word with the question, though nothing else', async () => {
    // "fired" is in two passages: one word, a little less rare, is enough.
    const artifactText = transcriptArtifact(120, {
      20: '[turn 3] user: the pager fired twice overnight, ignore it',
      60: '[turn 14] tool run_command: DiskPressure is firing on the batch nodes',
    });
    const result = await ask(artifactText, { type: 'immutable_fact_recall', prompt: 'Which alert fired?' });
    expect(result.response).toContain('DiskPressure');
  });

  it('does not take an auxiliary ("has", "had") for a word the question is about', async () => {
    const artifactText = transcriptArtifact(120, {
      40: "[turn 6] tool run_command (failed): src/report/footer.ts(12,4): error TS7006: Parameter 'row' implicitly has an 'any' type.",
      70: '[turn 9] user: the quarterly report needs a line at the bottom saying the figures are provisional',
    });
    const result = await ask(artifactText, {
      type: 'unresolved_task_continuity',
      prompt: 'What has to be added to the quarterly report?',
    });
    expect(result.response).toContain('figures are provisional');
  });

  it('still says the notes do not say when no passage shares a word with the question', async () => {
    const artifactText = transcriptArtifact(120, {});
    const result = await ask(artifactText, { type: 'immutable_fact_recall', prompt: 'Which alert fired?' });
    expect(result.response).toBe('The notes do not say.');
  });
  it('does not take the turn number of a message header for the number asked for', async () => {
    const artifactText = transcriptArtifact(120, {
      30: '[turn 4] user: heads-up, we need a quiet period for the index rebuild on the reporting replica. Sunday at 02:30 UTC, 90 minutes. tell the analysts',
    });
    const { response } = await ask(artifactText, {
      type: 'immutable_fact_recall',
      answerFormat: 'short',
      prompt: 'When does the quiet period for the index rebuild start?',
    });
    expect(response).toContain('02:30');
  });
});

describe('lexical reader: "until when" asks for what ends a period', () => {
  it('reads "until when" as asking for what ends a period, not for a time; "when" alone asks for a time', () => {
    expect(questionShape('Until when is the schema frozen?').wants).toEqual(['bound']);
    expect(questionShape('Till when do we keep the old bucket?').value).toBeUndefined();
    expect(questionShape('When is the schema frozen?').wants).toEqual(['number']);
  });

  it('answers with the clause that bounds the rule, an event rather than a date, over log lines with times', async () => {
    const logs: Record<number, string> = {};
    for (let line = 50; line < 110; line += 6)
      logs[line] =
        `tool: 2026-02-11 08:${10 + (line % 50)}:03 INFO [billing] schema cache warmed for tenant ${line}`;
    const artifactText = transcriptArtifact(130, {
      12: 'user: we are in services/billing. till the insurer has signed off the pen test, no schema changes in there.',
      ...logs,
    });
    const result = await ask(artifactText, {
      type: 'locked_decision_retention',
      prompt: 'Until when are schema changes on hold in services/billing?',
    });
    expect(result.response).toContain('signed off the pen test');
  });
});

describe('lexical reader: "at the earliest" asks what a wait is bound by', () => {
  it('reads "at the earliest" and "how soon" as asking for what bounds the wait', () => {
    expect(questionShape('On what day can the rollout go ahead at the earliest?').wants).toContain('bound');
    expect(questionShape('How soon can we cut the release?').wants).toContain('bound');
  });

  it('answers with the hold and what it waits for, though the hold shares no word with the question', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: re prod: hold off on that one till Oskar Lind is back from leave on Thursday, he knows the replicas.',
      60: 'tool: ✓ ledger backfill > caps the rows it writes per day 120ms',
      61: 'tool: ✓ ledger backfill > skips rows already migrated 85ms',
    });
    const result = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'On which day can the production run of the ledger backfill happen at the earliest?',
    });
    expect(result.response).toContain('Thursday');
  });

  it('still answers with a passage that bounds the wait in other words than "until"', async () => {
    const artifactText = transcriptArtifact(150, {
      20: 'user: we can ship the login fix once the security audit clears, not before.',
      60: 'tool: [info] cache warm kept until midnight for tenant 4',
    });
    const result = await ask(artifactText, {
      type: 'immutable_fact_recall',
      prompt: 'How soon can we ship the login fix?',
    });
    expect(result.response).toContain('security audit');
  });
});
