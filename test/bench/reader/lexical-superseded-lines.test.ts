import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { supersededLines } from '../../../src/bench/reader/superseded-labels.js';
import { makeItem } from './make-item.js';

// A filler sentence that pushes a note past the length at which the reader reads it sentence by sentence.
const LONG_ASIDE =
  'The restore drill last quarter took most of an afternoon because the runbook still listed the old credentials, the old dashboards and a retired on-call rotation that nobody had touched since the spring reorganisation.';

describe('lexical reader: a superseded label covers every piece of its line', () => {
  it('marks every sentence of a long labelled note, and no sentence of an unlabelled one', () => {
    const notes = [
      'Locked decisions:',
      `- Not chosen: keep the billing backups in the bucket tallow-archive. ${LONG_ASIDE} Backups go to tallow-archive every night.`,
      `- Billing backups go to the bucket quill-vault. ${LONG_ASIDE}`,
    ].join('\n');
    const parsed = parseArtifactText(notes);
    const flags = parsed.passages.map((passage) => supersededLines(parsed)[passage.position]);
    expect(parsed.passages.length).toBeGreaterThan(3);
    expect(flags).toEqual(parsed.passages.map((passage) => (passage.line === 2 ? 1 : 0)));
  });

  it('does not take a reversal inside a labelled note, after its colon opener, as the plan that stands', async () => {
    const notes = [
      'Locked decisions:',
      '- Final call: the thumbnail service runs on Node 18.19 instead of 16.20 or 20.11, since the image library ships no build for the others.',
      'Forbidden behaviors:',
      '- Superseded, do not use: Run the thumbnail service on Node 16.20; the CI images already carry it.',
      '- Superseded, do not use: Scratch that: the image library crashes on Node 16.20, so run the thumbnail service on 20.11.',
    ].join('\n');
    const item = makeItem({ prompt: 'Which Node version does the thumbnail service run on?' });
    const result = await createLexicalTarget().answer({ artifactText: notes, item });
    expect(result.response).toContain('18.19');
    expect(result.response).not.toContain('crashes');
  });

  it('answers from the current note, not from a later sentence of a long labelled one', async () => {
    const notes = [
      'Locked decisions:',
      '- Nightly billing backups go to the bucket quill-vault.',
      'Forbidden behaviors:',
      `- Superseded, do not use: nightly billing backups move to another bucket. ${LONG_ASIDE} Let's send the nightly billing backups to the bucket tallow-archive instead of quill-vault.`,
    ].join('\n');
    const item = makeItem({ prompt: 'Which bucket do the nightly billing backups go to?' });
    const result = await createLexicalTarget().answer({ artifactText: notes, item });
    expect(result.response).toContain('quill-vault');
    expect(result.response).not.toContain('tallow-archive');
  });
});
