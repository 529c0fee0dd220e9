import { describe, expect, it } from 'vitest';
import { withoutFilePaths } from '../../../src/bench/reader/code-records.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: the words of a file path or a code name are no fact cue', () => {
  it('reads "region" and "limit" in prose as fact cues, not in a path or an underscored name', () => {
    const [prose, path, name] = parseArtifactText(
      [
        'user: The limit for the region is 40 requests.',
        'assistant: Opened src/edge/region-limiter.ts, 80 lines.',
        'assistant: It exports `max_region_limit` and little else.',
      ].join('\n'),
    ).passages;
    expect(prose?.cues.fact.length).toBe(2);
    expect(path?.cues.fact).toEqual([]);
    expect(name?.cues.fact).toEqual([]);
    expect(withoutFilePaths('see docs/region_map.md and `route_limit`')).not.toMatch(/region|limit/);
  });

  it('answers a question about a fact from what was said, not from a summary naming files', async () => {
    const artifactText = transcriptArtifact(160, {
      24: 'user: Thumbnails are timing out again for one customer.',
      25: 'assistant: Found it: the biggest account, Lakeside Bakery, needs about 9 minutes per batch.',
      120: 'assistant: `pool_size` shows up 14 times in 6 files. `lib/region-limiter.rb` holds 3 classes, among them `deadline_port_path`.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which account were thumbnails timing out for, and how long does a batch take?',
      check: { kind: 'contains_normalized', value: 'Lakeside Bakery' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('Lakeside Bakery');
  });
});
