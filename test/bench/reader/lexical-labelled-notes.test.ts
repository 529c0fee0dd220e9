import { describe, expect, it } from 'vitest';
import { mentionIn } from '../../../src/bench/reader/action-mentions.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { takeOrRefuse } from './make-item.js';

describe('lexical reader: a note filed under a label naming the thing is read by the note', () => {
  it('reads "Name: … do not ask Name" as a ban on the name, and a plain label as before', () => {
    const parsed = parseArtifactText(
      [
        'Entities:',
        '- Priya Raman: do not ask Priya Raman for the signing key any more, Priya Raman moved teams.',
        '- Priya Raman: Priya Raman holds the signing key.',
        '- Signing key: ask Priya Raman.',
      ].join('\n'),
    );
    const [banned, holds, asked] = parsed.passages;
    expect(banned && mentionIn(banned, 'Priya Raman')).toBe('rejected');
    expect(holds && mentionIn(holds, 'Priya Raman')).toBe('affirmed');
    expect(asked && mentionIn(asked, 'Priya Raman')).toBe('affirmed');
  });

  it('refuses the person a labelled note says not to reach, after an earlier note that named them', async () => {
    const notes = [
      'Immutable facts:',
      '- For the certificate renewal: Priya Raman holds the signing key, as far as I know.',
      'Locked decisions:',
      '- Priya Raman: do not ask Priya Raman for the signing key any more, Priya Raman moved teams.',
      '- Signing requests go to Tomasz Wren from now on.',
    ].join('\n');
    const result = await takeOrRefuse(notes, 'Priya Raman');
    expect(result.response).toMatch(/^I will not Priya Raman/);
  });
});
