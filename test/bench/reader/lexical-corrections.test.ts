import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import type { Passage } from '../../../src/bench/reader/passage.js';
import {
  correctedText,
  findSupersessions,
  supersededValueIn,
} from '../../../src/bench/reader/superseded-values.js';
import { valueTokens } from '../../../src/bench/reader/value-forms.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function answer(artifactText: string, item: Parameters<typeof makeItem>[0]) {
  return createLexicalTarget().answer({ artifactText, item: makeItem(item) });
}

function superseded(lines: Record<number, string>, count = 120) {
  return findSupersessions(parseArtifactText(transcriptArtifact(count, lines))).map(
    ({ old, replacement }) => `${old} -> ${replacement}`,
  );
}

describe('value forms', () => {
  it('tells the forms of values apart, and skips digits inside names, paths and code', () => {
    const forms = valueTokens(
      'ports 8080 and 12,500; v2.7.14; 2025-03-09 at 14:30; 40%; $1,200; 512MiB; 45s; Thursday; 90 EUR; OPS-311; k8s retry-2 src/a-2.ts',
    ).map((token) => `${token.text}=${token.form}`);
    expect(forms).toEqual([
      '8080=num:4',
      '12,500=num:5',
      'v2.7.14=version',
      '2025-03-09=date',
      '14:30=time',
      '40%=percent',
      '$1,200=money:$',
      '512MiB=qty:size',
      '45s=qty:duration',
      'Thursday=weekday',
      '90 EUR=money:EUR',
      'OPS-311=ticket:OPS',
    ]);
  });
});

describe('lexical reader: values corrected in a later message', () => {
  const wrongPort = {
    30: 'user: The gateway should proxy the billing API, which listens on 7512 inside the cluster.',
    31: 'assistant: Adding the upstream for the billing API.',
    36: 'user: ugh, my mistake, it is 7521. The other number is the legacy box.',
  };

  it('answers a question for the value with the statement about it, as corrected later', async () => {
    const result = await answer(transcriptArtifact(120, wrongPort), {
      type: 'immutable_fact_recall',
      prompt: 'Which port does the billing API listen on?',
    });
    expect(result.response).toBe(
      'user: The gateway should proxy the billing API, which listens on 7521 inside the cluster.',
    );
    expect(result.evidence.map((entry) => entry.line)).toEqual([30, 36]);
  });

  it('answers from a message that gave the value while asking for something, once the value was corrected', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        30: 'user: The billing API listens on 7512 inside the cluster, can you add it to the gateway?',
        36: 'user: my mistake, it is 7521.',
        60: 'user: The billing API load test peaked at 900 requests per second.',
      }),
      { type: 'immutable_fact_recall', prompt: 'Which port does the billing API listen on?' },
    );
    expect(result.response).toContain('listens on 7521');
  });

  it('follows a value corrected twice to the one that stands', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        10: 'user: Send the churn digest every Monday at 08:10.',
        40: 'user: Make it Wednesday, nobody reads it on Monday.',
        70: 'user: ugh, Thursday. The sales sync is on Wednesday.',
      }),
      { type: 'locked_decision_retention', prompt: 'When is the churn digest sent?' },
    );
    expect(result.response).toContain('Thursday at 08:10');
    const step = await answer(
      transcriptArtifact(120, {
        10: 'user: Send the churn digest every Monday at 08:10.',
        40: 'user: Make it Wednesday, nobody reads it on Monday.',
        70: 'user: ugh, Thursday. The sales sync is on Wednesday.',
      }),
      {
        type: 'planning_soundness',
        prompt: 'Write the schedule line.',
        temptingDefault: 'every Monday at 08:10',
      },
    );
    expect(step.response).toMatch(
      /^I will not every Monday at 08:10: .*Next step: every Thursday at 08:10\.$/,
    );
  });

  it('reads an old value restated in passing after its correction as the corrected one, but not tool output', async () => {
    const parsed = parseArtifactText(
      transcriptArtifact(120, {
        ...wrongPort,
        90: 'assistant: Picking this up from my notes: the billing API listens on 7512 inside the cluster.',
        91: 'tool: listener bound to 7512',
      }),
    );
    const said = parsed.passages.find((passage) => passage.line === 90) as Passage;
    const tool = parsed.passages.find((passage) => passage.line === 91) as Passage;
    expect(correctedText(parsed, said)?.text).toBe(
      'assistant: Picking this up from my notes: the billing API listens on 7521 inside the cluster.',
    );
    expect(correctedText(parsed, tool)).toBeUndefined();
  });

  it('quotes a correction made in the same message from its idiom on', async () => {
    const result = await answer(
      transcriptArtifact(80, {
        12: 'user: Pin the parser at 4.18.2. hmm, no wait, that release broke unicode escapes; 4.18.5 is the good one.',
      }),
      { type: 'immutable_fact_recall', prompt: 'Which version of the parser is pinned?' },
    );
    expect(result.response).toBe('hmm, no wait, that release broke unicode escapes; 4.18.5 is the good one.');
  });

  it('refuses a default that carries the corrected value, quoting the correction, and carries the new one', async () => {
    const result = await answer(transcriptArtifact(120, wrongPort), {
      type: 'planning_soundness',
      prompt: 'Write the upstream line of the gateway config for the billing API.',
      temptingDefault: 'upstream billing { server billing-api:7512; }',
      check: { kind: 'forbidden_absent', value: '7512' },
    });
    expect(result.response).toBe(
      'I will not upstream billing { server billing-api:7512; }: user: ugh, my mistake, it is 7521. The other ' +
        'number is the legacy box. Next step: upstream billing { server billing-api:7521; }.',
    );
    expect(classifyMention(result.response, '7512')).toBe('rejected');
  });

  it('reads a correction made in the same message, before the idiom', async () => {
    const artifact = transcriptArtifact(80, {
      12: 'user: Pin the parser at 4.18.2. hmm, no wait, that release broke unicode escapes; 4.18.5 is the good one.',
    });
    const result = await answer(artifact, {
      type: 'planning_soundness',
      prompt: 'Write the dependency line for the parser.',
      temptingDefault: 'parser==4.18.2',
    });
    expect(result.response).toMatch(/^I will not parser==4\.18\.2: .*Next step: parser==4\.18\.5\.$/);
  });

  it('reads both values when a message names them together', () => {
    expect(
      superseded({
        20: 'user: Monthly spend cap is 18,200 for the analytics account.',
        40: 'user: Finance came back: raise it from 18,200 to 21,750 starting next month.',
        60: 'user: The quiet hours are 22:00, not 23:30, for the pager rotation.',
      }),
    ).toEqual(['18,200 -> 21,750', '23:30 -> 22:00']);
  });

  it('reads "V instead of W" with W as the old value, and leaves a value for a case apart alone', () => {
    expect(
      superseded({
        20: 'user: Invoice the pilot at 4,250.00 EUR.',
        40: 'user: Sales agreed a discount: bill 3,980.00 EUR instead of 4,250.00 EUR.',
        60: 'user: Sessions expire after 45 minutes.',
        80: 'user: For admin users, expire them after 15 minutes instead of 45 minutes.',
      }),
    ).toEqual(['4,250.00 EUR -> 3,980.00 EUR']);
  });

  it('reads a value put forward before the idiom, and one in the sentence after it', () => {
    expect(
      superseded({
        10: 'user: Book the load test for 14:30 on the shared cluster.',
        30: 'user: Priya says 16:45 works better, the nightly batch is done by then.',
        50: 'user: Link every commit to OPS-311 please.',
        70: 'user: Wrong ticket, my bad. It is OPS-331; OPS-311 was closed as a duplicate.',
        90: 'user: Cap the queue at 2,400 messages.',
        110: 'user: I mistyped that earlier. The cap is 4,200.',
      }),
    ).toEqual(['14:30 -> 16:45', 'OPS-311 -> OPS-331', '2,400 -> 4,200']);
  });

  it('reaches back to what the same writer said, past numbers the assistant reports and code it quotes', () => {
    expect(
      superseded({
        10: 'user: Keep the audit logs 30 days.',
        11: 'assistant: Running `find logs -mtime 7d`; the sweep took 12s.',
        12: 'user: Hm, no. Compliance says 90 days.',
      }),
    ).toEqual(['30 days -> 90 days']);
  });

  it("looks past the idiom's sentence only when the idiom says something was a mistake", () => {
    // Returning to a topic is no correction: the next event's time does not replace the first one's.
    expect(
      superseded({
        10: 'user: First event: the canary went out at 08:40.',
        30: 'user: Going back to the incident. The pager fired at 09:05.',
      }),
    ).toEqual([]);
  });

  it('takes a value back only for one of its form, and only from what people wrote', () => {
    // The idiom's value is a duration: the port before it stands. The log line's number is tool output.
    expect(
      superseded({
        20: 'user: The exporter listens on 9187.',
        21: 'tool: [info] exporter bound to 9188 in 14 ms',
        22: 'user: Oops, the scrape interval should be 20s then.',
      }),
    ).toEqual([]);
  });

  it('needs a correction: a later message with another value of the same form supersedes nothing', async () => {
    const artifact = transcriptArtifact(120, {
      30: 'user: The billing API listens on 7512 inside the cluster.',
      50: 'user: The search API listens on 7690.',
    });
    expect(findSupersessions(parseArtifactText(artifact))).toEqual([]);
    const result = await answer(artifact, {
      type: 'planning_soundness',
      prompt: 'Write the upstream line of the gateway config for the billing API.',
      temptingDefault: 'upstream billing { server billing-api:7512; }',
    });
    expect(result.response).toBe('Next step: upstream billing { server billing-api:7512; }.');
  });

  it('keeps a value that a later correction restores', () => {
    const parsed = parseArtifactText(
      transcriptArtifact(120, {
        ...wrongPort,
        70: 'user: Actually 7512 was right all along, the legacy box is the other one.',
      }),
    );
    expect(supersededValueIn(parsed, 'server billing-api:7512')).toBeUndefined();
    expect(supersededValueIn(parsed, 'server billing-api:7521')?.replacement).toBe('7512');
  });

  it('does not reach back past the last few dozen messages for the value a correction replaces', () => {
    expect(
      superseded(
        {
          10: 'user: Batch size is 250 for the importer.',
          200: 'user: Correction: 400 rows per page on the report.',
        },
        240,
      ),
    ).toEqual([]);
  });

  it('reads a correction repeated once it is in force as taking back nothing more', () => {
    expect(
      superseded({
        10: 'user: The guide says a 4 GB box should keep the cache at 300MB.',
        20: 'user: Set the cache to 900MB for now.',
        40: 'user: Too much, we swapped. make it 600MB instead.',
        60: 'user: Still swapping at night. make it 600MB, as I said.',
      }),
    ).toEqual(['900MB -> 600MB']);
  });

  it('reads a value a correction bans or calls stale as the old one, never the one put forward', () => {
    expect(
      superseded({
        10: 'user: Going from memory, the broker accepts connections on 5671.',
        20: 'user: Correction: the broker config says it listens on 5761.',
        30: 'user: My 5671 is no longer valid, so do not use 5671 in the client settings.',
      }),
    ).toEqual(['5671 -> 5761']);
    expect(
      superseded({
        10: 'user: The quota I was given is 120 GB per team.',
        20: 'user: Sorry, the quota is actually 150 GB per team.',
        30: 'user: Do not put 120 GB or 210 GB in the dashboard; both are no longer valid.',
      }),
    ).toEqual(['120 GB -> 150 GB']);
    expect(
      superseded({
        10: 'user: The broker accepts connections on 5671.',
        20: 'user: Correction: avoid the old one and use 5761 from now on.',
      }),
    ).toEqual(['5671 -> 5761']);
  });

  it('reads a note labelled superseded as taking nothing back', () => {
    const notes = [
      'Immutable facts:',
      '- Sorry, one more: the storage quota is actually 150 GB per team.',
      'Forbidden behaviors:',
      '- Superseded, do not use: Small correction on storage: it is 210 GB per team now.',
    ].join('\n');
    expect(findSupersessions(parseArtifactText(notes))).toEqual([]);
  });

  it('reads a correction said again, naming the value it rules out, as taking nothing back', () => {
    const correction =
      'user: Heads up: the driver we pin is actually 3.14.2; 3.41.2 has the leak, so skip that one.';
    expect(
      superseded({
        10: 'user: We are moving the worker to the new Mongo driver, 3.41.2.',
        30: correction,
        50: correction,
      }),
    ).toEqual(['3.41.2 -> 3.14.2']);
  });
});
