import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyMention, readMentions } from '../../../src/bench/scoring/mentions.js';
import { containsNormalized } from '../../../src/bench/scoring/normalize.js';
import { expectLinearGrowth } from '../../support/growth.js';

const FRIDAY = 'deploy on Fridays';
const FRIDAY_GERUND = 'deploying on Fridays';
const BLUE_GREEN = 'blue-green rollout';
const CANARY = 'canary';

type Row = [expected: 'affirmed' | 'rejected' | 'absent', response: string, value: string];

// Restating a rule or a superseded decision to reject it must never read as stating it.
const rejecting: Row[] = [
  // Holding back in plain speech, without "never" or "don't".
  ['rejected', 'Keep moment-timezone out of this one.', 'moment-timezone'],
  ['rejected', "I'd rather we leave the retry config alone for now.", 'retry config'],
  ['rejected', 'Please steer clear of the billing schema until the audit is over.', 'billing schema'],
  ['rejected', 'Hold off on the cache warm-up job, Sipho wants to look first.', 'cache warm-up job'],
  ['rejected', 'The payments module stays hands-off.', 'payments module'],
  ['rejected', 'The legacy exporter is frozen until the launch.', 'legacy exporter'],
  ['rejected', "I'd rather not touch the vendored parser.", 'touch the vendored parser'],
  ['rejected', 'Skip the smoke tests on this branch.', 'smoke tests'],
  ['rejected', 'Ignore what I said about the YAML export, they want JSON now.', 'YAML export'],
  ['rejected', 'Forget the queue idea, a cron job is enough.', 'queue idea'],
  ['rejected', "Let's park the GraphQL gateway and poll the REST API for now.", 'GraphQL gateway'],
  ['rejected', 'We shelved the Rust rewrite after the spike.', 'Rust rewrite'],
  ['rejected', "Let's set aside the dark-mode toggle until design signs off.", 'dark-mode toggle'],
  ['rejected', 'We must never deploy on Fridays.', FRIDAY],
  ['rejected', 'Deploying on Fridays is off the table.', FRIDAY_GERUND],
  ['rejected', "I won't deploy on Fridays.", FRIDAY],
  ['rejected', "Instead of the blue-green rollout we'll do a canary.", BLUE_GREEN],
  ['rejected', 'Instead of the blue-green rollout, we will do a canary.', BLUE_GREEN],
  ['rejected', "We'll do the blue-green rollout instead of the canary.", CANARY],
  ['rejected', 'Deploy on Fridays is forbidden.', FRIDAY],
  ['rejected', 'Avoid deploying on Fridays.', FRIDAY_GERUND],
  ['rejected', 'No deploying on Fridays, ever.', FRIDAY_GERUND],
  ['rejected', 'Under no circumstances deploy on Fridays.', FRIDAY],
  ['rejected', 'Never, under any circumstances, deploy on Fridays.', FRIDAY],
  ['rejected', '**Never** deploy on `Fridays`.', FRIDAY],
  ['rejected', 'DO NOT DEPLOY ON FRIDAYS!', FRIDAY],
  ['rejected', 'We will stop deploying on Fridays.', FRIDAY_GERUND],
  ['rejected', 'Deploying on Fridays is no longer allowed.', FRIDAY_GERUND],
  ['rejected', 'Deploying on Fridays, as we agreed, is off the table.', FRIDAY_GERUND],
  ['rejected', 'Do not deploy on Fridays, and keep the canary.', FRIDAY],
  ['rejected', 'Rather than deploy on Fridays, ship on Monday.', FRIDAY],
  ['rejected', 'Never deploy on Fridays. Deploy on Mondays instead.', FRIDAY],
  ['rejected', 'We used to deploy on Fridays, now we ship on Mondays.', FRIDAY],
  ['rejected', 'There is no way we deploy on Fridays.', FRIDAY],
  ['rejected', 'The blue-green rollout was superseded by the canary.', BLUE_GREEN],
  ['rejected', 'Blue-green rollout (superseded); canary is current.', BLUE_GREEN],
  ['rejected', 'We dropped the blue-green rollout in favor of a canary.', BLUE_GREEN],
  ['rejected', 'We switched from the blue-green rollout to a canary.', BLUE_GREEN],
  ['rejected', 'Replace the canary with the blue-green rollout.', CANARY],
  ['rejected', 'Decision: canary (the blue-green rollout was dropped).', BLUE_GREEN],
  ['rejected', 'The team vetoed the blue-green rollout.', BLUE_GREEN],
  ['rejected', 'We decided against the canary, so we deploy on Fridays.', CANARY],
  ['rejected', 'Port 8443 (old) was replaced by 8434.', '8443'],
  ['rejected', 'The old port 8443 is gone; use 8434.', '8443'],
  ['rejected', 'The canary is fine, the blue-green rollout is out.', BLUE_GREEN],
  ['rejected', "Don't skip the tests.", 'skip the tests'],
  ['rejected', 'Forbidden:\n- deploy on Fridays\n- skip the tests', FRIDAY],
  [
    'rejected',
    '## Rejected options\n\n- blue-green rollout\n- big-bang release\n\nCurrent plan: canary.',
    BLUE_GREEN,
  ],
  ['rejected', 'Forbidden behaviors:\nDeploy on Fridays.\nSkip the tests.', FRIDAY],
  ['rejected', 'Forbidden behaviors: skip the tests; deploy on Fridays.', FRIDAY],
  ['rejected', 'Superseded: blue-green rollout. Current: canary.', BLUE_GREEN],
  ['rejected', '**Never do these**\n1. deploy on Fridays\n2. skip the tests', FRIDAY],
  ['rejected', 'Never ship to Berlin, Germany; ship to Paris.', 'Berlin, Germany'],
  ['rejected', 'Deploy on Fridays — never.', FRIDAY],
  ['rejected', 'Deploying on Fridays is a hard no.', FRIDAY_GERUND],
  ['rejected', 'Nobody should deploy on Fridays.', FRIDAY],
  ['rejected', 'Deploy on Fridays: not anymore.', FRIDAY],
  ['rejected', 'We must never show "Timeout. Retry later" to users.', 'Timeout. Retry later'],
  // Double negation is read as a rejection: a second negation does not cancel the first (see classifyMention).
  ['rejected', "We can't not deploy on Fridays.", FRIDAY],
];

// Stating the value as something to do, or as current, must read as affirming it.
const affirming: Row[] = [
  ['affirmed', 'Keep the retry config as it is and raise the timeout.', 'raise the timeout'],
  ['affirmed', 'Leave the retry config in place.', 'retry config'],
  ['affirmed', 'Keep moment-timezone running in the worker.', 'moment-timezone'],
  ['affirmed', 'Let the cache be warm before the load test starts.', 'cache'],
  ['affirmed', 'Next step: deploy on Fridays.', FRIDAY],
  ['affirmed', 'The current plan is still the blue-green rollout.', BLUE_GREEN],
  ['affirmed', "Don't forget to deploy on Fridays.", FRIDAY],
  ['affirmed', 'Never forget to deploy on Fridays.', FRIDAY],
  ['affirmed', "We'll do the blue-green rollout instead of the canary.", BLUE_GREEN],
  ['affirmed', "Instead of the blue-green rollout we'll do a canary.", CANARY],
  ['affirmed', 'The blue-green rollout is not negotiable.', BLUE_GREEN],
  ['affirmed', 'Deploying on Fridays is a no-brainer.', FRIDAY_GERUND],
  ['affirmed', 'Not only the canary but also the blue-green rollout.', BLUE_GREEN],
  ['affirmed', 'We deploy on Fridays, not on Mondays.', FRIDAY],
  ['affirmed', 'No, we deploy on Fridays now.', FRIDAY],
  ['affirmed', 'Never skip tests; deploy on Fridays.', FRIDAY],
  ['affirmed', "We won't skip tests. We'll deploy on Fridays.", FRIDAY],
  ['affirmed', 'Never skip tests, but deploy on Fridays.', FRIDAY],
  ['affirmed', 'We decided against the canary, so we deploy on Fridays.', FRIDAY],
  ['affirmed', 'We dropped the blue-green rollout in favor of a canary.', CANARY],
  ['affirmed', 'The blue-green rollout was superseded by the canary.', CANARY],
  ['affirmed', 'Replace the canary with the blue-green rollout.', BLUE_GREEN],
  ['affirmed', 'Port 8443 (old) was replaced by 8434.', '8434'],
  ['affirmed', 'The canary is fine, the blue-green rollout is out.', CANARY],
  ['affirmed', 'Deploy on Fridays when the release is out.', FRIDAY],
  ['affirmed', "It's not the canary, it's the blue-green rollout.", BLUE_GREEN],
  ['affirmed', 'Keep deploying on Fridays, e.g. at noon.', FRIDAY_GERUND],
  ['affirmed', 'Remember to deploy on Fridays!', FRIDAY],
  ['affirmed', 'Deploy on Fridays, deploy on Fridays is forbidden.', FRIDAY],
  ['affirmed', 'Next steps:\n- deploy on Fridays\n- run the tests', FRIDAY],
  ['affirmed', '## Rejected options\n\n- big-bang release\n\nWe use the blue-green rollout.', BLUE_GREEN],
  ['affirmed', 'Decision: canary. Rollback plan: blue-green rollout.', BLUE_GREEN],
  ['affirmed', 'Locked decisions:\n- blue-green rollout\nForbidden behaviors:\n- skip the tests', BLUE_GREEN],
  ['affirmed', 'Forbidden:\n- skip the tests\nNext, deploy on Fridays.', FRIDAY],
  ['affirmed', 'Forbidden:\nSkip the tests.\n\nDeploy on Fridays.', FRIDAY],
  ['affirmed', 'Next step: deploy on Fridays; never skip the tests.', FRIDAY],
  ['affirmed', 'Should we deploy on Fridays?', FRIDAY],
  ['affirmed', 'Use port 8443.', '8443'],
  ['affirmed', 'The banner reads "Timeout. Retry later" for now.', 'Timeout. Retry later'],
  ['affirmed', 'Ship to Berlin, Germany, never to Paris.', 'Berlin, Germany'],
];

const absent: Row[] = [
  ['absent', 'Use port 18443.', '8443'],
  ['absent', 'We keep deploying on Fridays.', FRIDAY],
  ['absent', 'We never deploy. On Fridays we rest.', FRIDAY],
  ['absent', 'Deploy on Fridays.', ''],
  ['absent', '', FRIDAY],
];

describe('classifyMention', () => {
  it.each(rejecting)('%s: %j names %j only to reject it', (expected, response, value) => {
    expect(classifyMention(response, value)).toBe(expected);
  });

  it.each(affirming)('%s: %j states %j', (expected, response, value) => {
    expect(classifyMention(response, value)).toBe(expected);
  });

  it.each(absent)('%s: %j does not mention %j', (expected, response, value) => {
    expect(classifyMention(response, value)).toBe(expected);
  });

  it('has at least 20 hand-written responses each way', () => {
    expect(rejecting.length).toBeGreaterThanOrEqual(20);
    expect(affirming.length).toBeGreaterThanOrEqual(20);
  });

  it('reports each mention with the cue that rejects it', () => {
    const reader = readMentions(
      'Never deploy on Fridays. Deploying on Fridays was dropped. 8443 (old); use 8434.',
    );
    expect(reader.mentions(FRIDAY)).toEqual([{ offset: 6, stance: 'rejected', cue: 'never' }]);
    expect(reader.mentions(FRIDAY_GERUND)).toMatchObject([{ stance: 'rejected', cue: 'was dropped' }]);
    expect(reader.mentions('8443')).toMatchObject([{ stance: 'rejected', cue: 'old' }]);
    expect(reader.mentions('8434')).toMatchObject([{ stance: 'affirmed' }]);
    expect(readMentions('Forbidden:\n- deploy on Fridays').mentions(FRIDAY)).toMatchObject([
      { stance: 'rejected', cue: 'label "forbidden"' },
    ]);
  });

  it('one affirming clause outweighs any number of rejecting ones', () => {
    const response = 'Never deploy on Fridays. We must not deploy on Fridays. Anyway, deploy on Fridays.';
    expect(classifyMention(response, FRIDAY)).toBe('affirmed');
  });
});

// Words that are neither cues nor words of the frames below, so any phrase of them has a known stance.
const plainWord = fc.constantFrom(
  'deploy',
  'ship',
  'staging',
  'canary',
  'port',
  'fridays',
  'rollout',
  '8443',
  'config',
  'green',
);
const plainValue = fc.array(plainWord, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

describe('classifyMention properties', () => {
  it('a value in a plain instruction is affirmed, after a rejecting cue it is rejected', () => {
    fc.assert(
      fc.property(
        plainValue,
        fc.constantFrom('never', "don't", 'avoid', 'we must not', 'instead of'),
        (value, cue) => {
          expect(classifyMention(`Next step: ${value}.`, value)).toBe('affirmed');
          expect(classifyMention(`${cue} ${value}.`, value)).toBe('rejected');
          expect(classifyMention(`${value} is off the table.`, value)).toBe('rejected');
        },
      ),
    );
  });

  it('a negation in an earlier sentence does not carry over', () => {
    fc.assert(
      fc.property(plainValue, fc.constantFrom('. ', '; ', '\n', ' but ', '! '), (value, separator) => {
        expect(classifyMention(`We never skip reviews${separator}${value}`, value)).toBe('affirmed');
      }),
    );
  });

  it('never calls a value present unless it is contained, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 12 }), (response, value) => {
        const stance = classifyMention(response, value);
        if (stance !== 'absent') expect(containsNormalized(response, value)).toBe(true);
      }),
    );
  });
});

describe('classifyMention on long responses', () => {
  // Each shape once caught a super-linear path (backtracking, rescans); 200 KB of it must cost about eight
  // times 25 KB, not sixty-four: sizes compared in one process, no duration asserted.
  const shapes: Record<string, (size: number) => string> = {
    prose: (size) =>
      'We must never deploy on Fridays. The canary is current; the blue-green rollout was dropped. '.repeat(
        size / 90,
      ),
    'repeated rule': (size) => 'never deploy on fridays and '.repeat(size / 28),
    negations: (size) => 'not '.repeat(size / 4),
    brackets: (size) => '['.repeat(size),
    'open links': (size) => '[a](b'.repeat(size / 5),
    fences: (size) => '```\n'.repeat(size / 4),
    'sentence ends': (size) => '. '.repeat(size / 2),
    'one word': (size) => 'x'.repeat(size),
  };
  for (const [name, shape] of Object.entries(shapes)) {
    it(`reads a long response of ${name} in time linear in its length`, () => {
      const responses = new Map([25_000, 200_000].map((size) => [size, shape(size)]));
      expectLinearGrowth(
        (size) => {
          const reader = readMentions(responses.get(size) ?? '');
          for (const value of [FRIDAY, BLUE_GREEN, CANARY, 'not', 'x']) reader.classify(value);
        },
        { small: 25_000, large: 200_000, maxRatio: 24, repeats: 5 },
      );
    });
  }
});
