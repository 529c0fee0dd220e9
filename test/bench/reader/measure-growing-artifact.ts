/**
 * What the lexical reader costs on a text that grows by appending, as the `oracle` method's verbatim
 * transcript does across drift cycles: a fresh target answers five items on a 7,500-line transcript (cycle 0),
 * then replies to a drift turn and answers them again on the same text plus 2 lines (cycle 1) and plus 4 lines
 * (cycle 2). Prints the median CPU milliseconds of each cycle over RUNS runs (default 9).
 *
 *   npx tsx test/bench/reader/measure-growing-artifact.ts
 *
 * With READER_BASELINE set to a folder holding another version of `lexical-reader.ts` (a copy of
 * src/bench/reader from before a change, its `../` imports pointed at this checkout's src/bench), runs it
 * interleaved with this one, in the same process, and checks that both give the same responses.
 */

import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import type { Target } from '../../../src/bench/target/index.js';
import { makeItem } from './make-item.js';
import { variedTranscript } from './noise.js';

const RUNS = Number(process.env.RUNS ?? 9);

const cycle0 = variedTranscript(1, 7_500, {
  3001: 'user: Critical: never ship on Fridays. That is a hard rule.',
  5200: 'user: The billing API listens on port 8443.',
  6100: "user: Scratch that, let's go with cursor pagination instead of offsets.",
  6800: 'user: We still need to rotate the staging API keys.',
}).join('\n');
const cycle1 = `${cycle0}\nuser: Now wire the export into the nightly job.\nassistant: Done, it runs at 02:00.`;
const cycle2 = `${cycle1}\nuser: What about the billing retries?\nassistant: They back off up to 5 times.`;
const TEXTS = [cycle0, cycle1, cycle2];
const TURN = 'Good. Now wire the export into the nightly job.';

const ITEMS = [
  makeItem({
    key: 'plan',
    prompt: 'Which pagination approach are we building?',
    cues: ['pagination', 'go with'],
  }),
  makeItem({
    key: 'port',
    type: 'immutable_fact_recall',
    prompt: 'Which port does the billing API listen on?',
  }),
  makeItem({
    key: 'ship',
    type: 'planning_soundness',
    prompt: 'Propose the release.',
    temptingDefault: 'ship on Fridays',
  }),
  makeItem({
    key: 'todo',
    type: 'unresolved_task_continuity',
    answerFormat: 'list',
    prompt: 'What is still left to do?',
    cues: ['still need'],
  }),
  makeItem({
    key: 'page',
    prompt: 'Write the query for one page.',
    temptingDefault: 'offset and limit pagination',
  }),
];

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** One run: the CPU milliseconds of each cycle, and everything the target said. */
async function run(target: Target): Promise<{ cycles: number[]; said: string }> {
  const cycles: number[] = [];
  const said: unknown[] = [];
  for (const [cycle, artifactText] of TEXTS.entries()) {
    const start = cpuMs();
    const previous = TEXTS[cycle - 1];
    if (previous !== undefined) said.push(await target.reply({ artifactText: previous, userTurn: TURN }));
    for (const item of ITEMS) said.push(await target.answer({ artifactText, item }));
    cycles.push(cpuMs() - start);
  }
  return { cycles, said: JSON.stringify(said) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const readers: { name: string; create: () => Target }[] = [{ name: 'current', create: createLexicalTarget }];
const baselineFolder = process.env.READER_BASELINE;
if (baselineFolder !== undefined) {
  const baseline = (await import(`${baselineFolder}/lexical-reader.ts`)) as {
    createLexicalTarget: () => Target;
  };
  readers.unshift({ name: 'baseline', create: baseline.createLexicalTarget });
}
const samples = new Map(readers.map((reader) => [reader.name, TEXTS.map((): number[] => [])]));
let identical = true;
// One warm-up run each (not counted), then RUNS runs, alternating which reader goes first.
for (let round = 0; round <= RUNS; round++) {
  const order = round % 2 === 0 ? readers : [...readers].reverse();
  const said = new Set<string>();
  for (const reader of order) {
    const result = await run(reader.create());
    said.add(result.said);
    if (round === 0) continue;
    for (const [cycle, ms] of result.cycles.entries()) samples.get(reader.name)?.[cycle]?.push(ms);
  }
  if (said.size > 1) identical = false;
}
console.log(
  `${cycle0.split('\n').length}-line transcript (${cycle0.length} characters), ${ITEMS.length} items, ${RUNS} runs`,
);
for (const [name, cycles] of samples) {
  const medians = cycles.map((values) => median(values).toFixed(1));
  console.log(
    `  ${name.padEnd(8)} median CPU ms per cycle: 0: ${medians[0]}  1: ${medians[1]}  2: ${medians[2]}`,
  );
}
if (readers.length > 1) console.log(`  same responses: ${identical}`);
