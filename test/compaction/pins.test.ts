import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CompactionEngine,
  compactMessages,
  createLoopRecord,
  createSession,
  defineCompactionConfig,
  findPinned,
  hasValidToolPairs,
  isDirectiveSentence,
  PINNED_FILE_ID_PREFIX,
  statesRule,
} from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { transcript, workTurn } from './build.js';

const counter = createTokenCounter();

describe('the built-in rule detector', () => {
  // Phrasings written after the detector, to check it reads the grammar of a directive rather than a word list.
  const rules = [
    'Keep the billing module out of this.',
    'The payments service stays hands-off.',
    'Hold off on upgrading React until the release ships.',
    "I'd rather we leave the legacy importer alone.",
    'Under no circumstances should you edit the generated client.',
    'Please refrain from renaming public functions.',
    "Let's not touch the CI config today.",
    'No force-pushing to shared branches.',
    'Stay out of the vendor directory.',
    'Make sure every new endpoint has a test.',
    'From now on, run the linter before you commit.',
    'The schema is read-only for this task.',
    'You need to ask before deleting anything.',
    'Treat infra/ as off-limits.',
  ];
  const notRules = [
    'Can you read the config and tell me what it does?',
    'The tests fail in packages/api since yesterday.',
    "Don't worry about the warnings, they are expected.",
    'Here is the stack trace from the last run.',
    'What does the migrations folder contain?',
    'Thanks, that looks right.',
    'Open src/index.ts and summarise it.',
  ];
  it.each(rules)('reads "%s" as a rule', (sentence) => {
    expect(isDirectiveSentence(sentence)).toBe(true);
    expect(statesRule({ role: 'user', content: `Some context first. ${sentence}` })).toBe(true);
  });
  it.each(notRules)('does not read "%s" as a rule', (sentence) => {
    expect(isDirectiveSentence(sentence)).toBe(false);
  });
  it('leaves long pasted material and non-user messages alone', () => {
    expect(
      statesRule({ role: 'user', content: `Never mind. ${'log line\n'.repeat(400)}Do not retry.` }),
    ).toBe(false);
    expect(statesRule({ role: 'assistant', content: 'I will never touch the migrations.' })).toBe(false);
  });
});

describe('pins', () => {
  const history: Message[] = [
    { id: 'sys', role: 'system', content: 'You are a careful agent.' },
    ...transcript(30, { 5: workTurn(5, { request: 'Keep the billing module out of this.' }) }).map(
      (message, index) => ({ ...message, id: `m${index}` }),
    ),
  ];

  it('finds the system prompt, the first request, rules, and the caller pins by id and predicate', () => {
    const pinned = findPinned({
      messages: history,
      pins: { messageIds: ['m42'], predicate: (message) => message.content.includes('Module 20 looks fine') },
      isCurrentLoop: true,
    });
    const reasons = Object.fromEntries(pinned.map((pin) => [pin.message.id, pin.reason]));
    expect(reasons).toMatchObject({ sys: 'system prompt', m0: 'first request', m20: 'rule' });
    // m42 is a tool result: its whole step (the call and the result) is pinned, so the pair stays.
    expect(reasons.m41).toBe('caller');
    expect(reasons.m42).toBe('caller');
    expect(pinned.some((pin) => pin.message.content === 'Module 20 looks fine.')).toBe(true);
    // A caller predicate replaces the rule detector.
    const custom = findPinned({ messages: history, pins: { isRule: () => false }, isCurrentLoop: true });
    expect(custom.some((pin) => pin.reason === 'rule')).toBe(false);
  });

  it('keeps every pin verbatim through a deep compaction, and re-injects pinned files before the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-pins-'));
    const agents = join(dir, 'AGENTS.md');
    writeFileSync(agents, 'Run `pnpm test` before every commit.');
    const engine = new CompactionEngine({
      maxContextTokens: 2_000,
      config: {
        pins: {
          messageIds: ['m42'],
          files: [{ path: agents }, { path: 'STYLE.md', text: 'Tabs, not spaces.' }],
        },
      },
    });
    const prepared = await engine.prepareSession(
      createSession('s', [createLoopRecord({ id: 'L', messages: history })]),
      'L',
      {
        force: true,
      },
    );
    expect(prepared.events.map((event) => event.type)).toEqual(['compaction-start', 'compaction-end']);
    const ids = prepared.messages.map((message) => message.id);
    for (const id of ['sys', 'm0', 'm20', 'm41', 'm42']) expect(ids).toContain(id);
    expect(prepared.tokensAfter).toBeLessThanOrEqual(engine.targetTokens);
    expect(hasValidToolPairs(prepared.messages)).toBe(true);
    const files = prepared.messages.filter((message) => message.id?.startsWith(PINNED_FILE_ID_PREFIX));
    expect(files.map((message) => message.content)).toEqual([
      `[Pinned file ${agents}, put back after compaction]\nRun \`pnpm test\` before every commit.`,
      '[Pinned file STYLE.md, put back after compaction]\nTabs, not spaces.',
    ]);
  });

  it('says by how much and which pins exceed the budget', () => {
    const config = defineCompactionConfig({
      pins: { files: [{ path: 'SPEC.md', text: 'Spec line. '.repeat(400) }] },
    });
    expect(() =>
      compactMessages({ messages: history, config, context: { counter, budgetTokens: 500 } }),
    ).toThrow(/pinned content is (\d+) tokens, over the budget of 500 by \d+ \(largest pins: SPEC\.md \d+, /);
  });
});
