import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: drift replies', () => {
  it('picks up from the passage about the user turn, with the rule that bears on it', async () => {
    const artifactText = transcriptArtifact(100, {
      20: 'user: Never run the nightly export job against production data.',
      60: 'user: The nightly export job writes CSV files to the reports bucket.',
    });
    const reply = await createLexicalTarget().reply({
      artifactText,
      userTurn: 'Good. Now wire the export into the nightly job.',
    });
    expect(reply).toBe(
      'Picking this up from the notes: user: Never run the nightly export job against production data. ' +
        'user: The nightly export job writes CSV files to the reports bucket.',
    );
  });

  it('says the notes have nothing when no passage is about the turn', async () => {
    const target = createLexicalTarget();
    const nothing = 'Picking this up; the notes have nothing on this yet.';
    expect(await target.reply({ artifactText: '', userTurn: 'Fix the flaky sync test.' })).toBe(nothing);
    expect(
      await target.reply({ artifactText: transcriptArtifact(50, {}), userTurn: 'Plan the Q3 offsite.' }),
    ).toBe(nothing);
  });
});

describe('lexical reader: determinism and scale', () => {
  it('identifies itself and gives the same answers from a fresh or a warm cache', async () => {
    const target = createLexicalTarget();
    expect([target.id, target.kind, target.version]).toEqual(['lexical', 'reader', '1.8.0']);
    const artifactText = transcriptArtifact(300, { 150: 'user: Critical: never ship on Fridays.' });
    const item = makeItem({ prompt: 'Propose the next step.', temptingDefault: 'ship on Fridays' });
    const first = await target.answer({ artifactText, item });
    await target.answer({ artifactText: 'other text', item });
    const again = await target.answer({ artifactText: `${artifactText}`, item });
    const fresh = await createLexicalTarget().answer({ artifactText, item });
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
    expect(first.prompt).toContain('Propose the next step.');
  });

  it('answers from a 400 KB artifact', async () => {
    const lines = 7_500;
    const artifactText = transcriptArtifact(lines, {
      3001: 'user: Critical: never ship on Fridays. That is a hard rule.',
      5200: 'user: The billing API listens on port 8443.',
    });
    expect(artifactText.length).toBeGreaterThan(400_000);
    const target = createLexicalTarget();
    const rule = await target.answer({
      artifactText,
      item: makeItem({ prompt: 'Propose the next step.', temptingDefault: 'ship on Fridays' }),
    });
    expect(rule.evidence[0]?.line).toBe(3001);
    const fact = await target.answer({
      artifactText,
      item: makeItem({ type: 'immutable_fact_recall', prompt: 'Which port does the billing API listen on?' }),
    });
    expect(fact.evidence).toEqual([
      { line: 5200, section: 'Summary', text: 'user: The billing API listens on port 8443.' },
    ]);
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const item = makeItem({ prompt: 'Q?' });
    await expect(
      createLexicalTarget().answer({ artifactText: 'x', item }, { signal: controller.signal }),
    ).rejects.toThrow('cancelled');
  });
});
