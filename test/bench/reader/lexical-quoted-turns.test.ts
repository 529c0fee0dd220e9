import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const PLAN =
  '[turn 2] user: still to do for the launch: rotate the webhook secret, update the partner runbook, and email the partner list.';
const DONE = '[turn 9] user: the webhook secret has been rotated by Priya overnight.';
// A later reply that quotes the plan under its original header.
const QUOTE = `[turn 14] assistant: From what we have: ${PLAN}`;

describe('lexical reader: a message quoting an earlier one restates it', () => {
  it('does not read a quote of a task list as newer than the report that closed one of its tasks', async () => {
    const artifactText = transcriptArtifact(150, { 20: PLAN, 90: DONE, 140: QUOTE });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: 'What is still to do for the launch?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('update the partner runbook');
    expect(response).not.toContain('rotate the webhook secret');
  });

  it('keeps a quote whose original the notes left out: it is then the only record', () => {
    const parsed = parseArtifactText(transcriptArtifact(150, { 90: DONE, 140: QUOTE }));
    expect(parsed.passages.some((passage) => passage.text.includes('email the partner list'))).toBe(true);
    const full = parseArtifactText(transcriptArtifact(150, { 20: PLAN, 90: DONE, 140: QUOTE }));
    expect(full.passages.filter((passage) => passage.text.includes('email the partner list'))).toHaveLength(
      1,
    );
  });

  it('reads an assistant repeating an earlier line after a lead-in as a quote, and a person repeating it as said again', () => {
    const line = 'tests/billing/test_invoice_totals.py::test_rounds_half_even PASSED';
    const inserts = { 30: `[turn 3] tool run_command: ${line}` };
    const quoted = parseArtifactText(
      transcriptArtifact(150, { ...inserts, 140: `[turn 14] assistant: Going by the notes: ${line}` }),
    );
    expect(quoted.passages.filter((passage) => passage.text.includes(line))).toHaveLength(1);
    const said = parseArtifactText(
      transcriptArtifact(150, { ...inserts, 140: `[turn 14] user: again: ${line}` }),
    );
    expect(said.passages.filter((passage) => passage.text.includes(line))).toHaveLength(2);
  });
});
