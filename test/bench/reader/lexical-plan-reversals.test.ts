import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import type { Passage } from '../../../src/bench/reader/passage.js';
import { planReversal } from '../../../src/bench/reader/plan-reversals.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function answer(artifactText: string, item: Parameters<typeof makeItem>[0]) {
  return createLexicalTarget().answer({ artifactText, item: makeItem(item) });
}

const queuePlan = {
  20: 'user: The billing exports should go through RabbitMQ, one queue per tenant, so retries stay isolated.',
  21: 'assistant: Setting up the RabbitMQ exchange and the per-tenant queues.',
  70: 'user: Having thought about it, drop the RabbitMQ idea, ops will not run another broker. Write the exports to the existing Postgres outbox table and let the worker drain it every minute.',
};

describe('lexical reader: plans dropped or reversed in passing', () => {
  it('answers a question about the decision with the plan that stands, not the dropped one', async () => {
    const result = await answer(transcriptArtifact(120, queuePlan), {
      type: 'locked_decision_retention',
      prompt: 'How do the billing exports reach the worker?',
    });
    expect(result.response).toContain('Postgres outbox');
    expect(classifyMention(result.response, 'RabbitMQ')).not.toBe('affirmed');
    expect(result.evidence.map((entry) => entry.line)).toEqual([70]);
  });

  it('keeps the first plan when the later line reverses something else', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        20: queuePlan[20],
        70: 'user: On reflection, drop the nightly PDF digest, nobody opens it.',
      }),
      { type: 'locked_decision_retention', prompt: 'Which queues do the billing exports go through?' },
    );
    expect(result.response).toContain('RabbitMQ');
  });

  it('does not read a question about the new plan as a reversal', () => {
    const parsed = parseArtifactText(
      transcriptArtifact(120, {
        20: queuePlan[20],
        90: 'user: Fine. What goes first on the new plan, the RabbitMQ exchange?',
        100: 'user: On reflection, keep RabbitMQ for now.',
      }),
    );
    const plan = parsed.passages.find((passage) => passage.line === 20) as Passage;
    expect(planReversal(parsed, plan, plan.text, new Set())?.passages.map((passage) => passage.line)).toEqual(
      [100],
    );
    const onlyQuestion = parseArtifactText(
      transcriptArtifact(120, {
        20: queuePlan[20],
        90: 'user: Fine. What goes first on the new plan, the RabbitMQ exchange?',
      }),
    );
    const first = onlyQuestion.passages.find((passage) => passage.line === 20) as Passage;
    expect(planReversal(onlyQuestion, first, first.text, new Set())).toBeUndefined();
  });

  it('ties a reversal to its plan by a word a long transcript repeats now and then in tool output', async () => {
    // "RabbitMQ" in a dozen log lines of 3,000 is still what the plan and its reversal are about.
    const logs: Record<number, string> = {};
    for (let line = 100; line < 2900; line += 250)
      logs[line] = `tool: [info] RabbitMQ channel ${line} opened`;
    const parsed = parseArtifactText(
      transcriptArtifact(3000, { ...logs, 20: queuePlan[20], 2950: queuePlan[70] }),
    );
    const plan = parsed.passages.find((passage) => passage.line === 20) as Passage;
    expect(planReversal(parsed, plan, plan.text, new Set())?.passages.map((passage) => passage.line)).toEqual(
      [2950],
    );
  });

  it('leaves questions about facts and people to the passage that states them', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        20: 'user: Dana Whitfield set up the RabbitMQ cluster for the billing exports last spring.',
        70: queuePlan[70],
      }),
      { type: 'entity_integrity', prompt: 'Who set up the broker cluster?' },
    );
    expect(result.response).toContain('Dana Whitfield');
  });

  it('reads a reversal only from the person the plan is for, not from the assistant reporting work', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        20: queuePlan[20],
        70: 'assistant: Having thought about it, I dropped the RabbitMQ retry wrapper from the test helper.',
      }),
      { type: 'locked_decision_retention', prompt: 'How do the billing exports reach the worker?' },
    );
    expect(result.response).toContain('one queue per tenant');
  });

  it('refuses a default that takes up the dropped plan, quoting the plan that stands and nothing else', async () => {
    const result = await answer(transcriptArtifact(120, queuePlan), {
      type: 'planning_soundness',
      prompt: 'Write the step that hands a billing export to the worker.',
      temptingDefault: 'publish the export to the tenant RabbitMQ queue',
    });
    expect(result.response).toBe(
      'I will not publish the export to the tenant RabbitMQ queue: Write the exports to the existing Postgres ' +
        'outbox table and let the worker drain it every minute.',
    );
    expect(classifyMention(result.response, 'RabbitMQ')).toBe('rejected');
  });

  it('takes a default the reversal does not drop: a word only in the plan that stands links nothing', async () => {
    const result = await answer(transcriptArtifact(120, queuePlan), {
      type: 'planning_soundness',
      prompt: 'Write the step that hands a billing export to the worker.',
      temptingDefault: 'insert the export into the Postgres outbox table',
    });
    expect(result.response).toBe('Next step: insert the export into the Postgres outbox table.');
  });

  it('after a change of plan, does not offer a decision made before it as the next step', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        20: "user: Let's stream the dashboard updates over server-sent events from the gateway.",
        50: "user: Let's stream the dashboard updates through the gateway's SSE endpoint, one per tenant.",
        90: 'user: On reflection the websocket approach we started with was better.',
      }),
      {
        type: 'planning_soundness',
        prompt: 'Should the dashboard updates use server-sent events?',
        temptingDefault: 'yes, server-sent events',
      },
    );
    expect(result.response).toBe(
      'I will not yes, server-sent events: user: On reflection the websocket approach we started with was better.',
    );
  });
  it('reads an objection that a plan "won\'t fly" as dropping it', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        15: 'user: Let us host the nightly thumbnail job on AWS Lambda with an EventBridge timer.',
        16: 'assistant: Packaging the thumbnail job for AWS Lambda.',
        80: 'user: Hmm, AWS Lambda will not fly, the job needs an hour and the limit is fifteen minutes. A systemd timer on the media host then.',
      }),
      { type: 'locked_decision_retention', prompt: 'Where does the nightly thumbnail job run?' },
    );
    expect(result.response).toContain('systemd timer');
    expect(result.evidence.map((entry) => entry.line)).toEqual([80]);
  });
  it('answers with the plan a message goes on to state after the sentence dropping the old one', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        15: 'user: let us try headless Chrome for anything printable.',
        // Over 300 characters: the reader reads the line sentence by sentence.
        80: 'user: Legal called this morning after the vendor review. Drop the headless Chrome idea for rendering the PDF receipts, the fonts we license cannot ship on servers we do not own, and the licence audit is next month. Use the print service, and if it fails, email the customer a plain-text copy. Volume is low enough either way.',
      }),
      { type: 'locked_decision_retention', prompt: 'What happens when rendering a PDF receipt fails?' },
    );
    expect(result.response).toContain('plain-text copy');
  });
});
