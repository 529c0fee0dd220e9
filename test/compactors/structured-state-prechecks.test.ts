// structured-state's cheap first tests may only skip work, never change an answer: a line or sentence the long
// prohibition pattern matches must pass its word hint too. Checked on a phrase for each way the pattern states a
// prohibition and on every line and sentence of a generated agent session (what the perf scripts time).
import { describe, expect, it } from 'vitest';
import { generateAgentSession } from '../../perf/fixtures/generate-agent-session.js';
import { forbids, PROHIBITION } from '../../src/compactors/methods/structured-state/cue-patterns.js';
import { lowerPlain } from '../../src/compactors/methods/structured-state/read-sentence.js';
import {
  CHANGE_OF_MIND,
  changesMind,
  DROPS_PLAN,
  dropsPlan,
} from '../../src/compactors/methods/structured-state/revision-patterns.js';
import { splitSentences } from '../../src/compactors/methods/structured-state/split-sentences.js';

// One phrasing per branch of the prohibition pattern, as people write them.
const PROHIBITIONS = [
  'never push to main on a friday',
  'dont touch the vendored copy',
  'you mustnt rename the table',
  'we shouldnt merge this yet',
  'cannot ship without the audit',
  'it wont be merged by us',
  'under no circumstances delete the backups',
  'the legacy api is off the table',
  'that folder is off-limits',
  'forbidden: raw sql in handlers',
  'prohibited in production',
  'banned from the build',
  'avoid the global cache',
  'stay away from the payments module',
  'steer clear of the old client',
  'refrain from force pushes',
  'whatever you do, keep the schema',
  'hold off on the upgrade',
  'a rewrite is a non-starter',
  "let's not add another queue",
  'please remember not to log tokens',
  'nope',
  'no force pushes please',
  'leave the migrations alone',
  'keep the config out of this change',
  'the lockfile stays as-is',
  "i'd rather we didn't touch auth",
  "isn't allowed on the shared runner",
  'nobody deploys on weekends',
  "we're not adding a dependency",
  'you aren’t going to change the api',
  'the public api is frozen',
  'stop rewriting the tests',
  'absolutely not',
  'not a chance',
  'the last thing we want is downtime',
  'keep away from the cron jobs',
  'leave releases to the bot',
  'secrets are not to be committed',
  'you can only read the replica',
  'only the bot tags releases',
  'that is reserved for admins',
  "that's a hard no",
  'a no from me',
  "i'm against a second database",
  'the rewrite is not happening',
  "that won't happen this quarter",
  'global state is discouraged',
  'not something we do here',
  'under no condition skip review',
  'resist the urge to refactor',
  'microservices are off the menu',
];

// Plans dropped and minds changed, one phrasing per branch of each pattern.
const DROPS = [
  'the nightly rebuild is shelved',
  'scrap the cache idea',
  'ditching the sidecar',
  'forget about the rewrite',
  'the migration got axed',
  'that plan is dead',
  'the queue is on ice',
  'the beta is on hold',
  "sharding won't fly",
  'the proxy is not going to scale',
];
const CHANGES = [
  'on reflection we keep the monolith',
  'thinking about it more, use redis',
  'having slept on it, keep the cron',
  'come to think of it, skip the flag',
  'on second thought, keep it',
  "we've reconsidered the rollout",
  'after all we stay on node 20',
  'change of plans: ship friday',
  'never mind the docs',
  'i take that back',
  'that was a bad idea',
  'the limit is 90, not 30',
  'i meant the staging box',
  'my bad, the port is 8081',
  "should've said tuesday",
  'make that 5 replicas',
  'wait, use the replica',
  'we are not doing canaries anymore',
  'drop the blue-green plan',
  'the first approach was better',
];

describe('structured-state cheap first tests', () => {
  it('finds every dropped plan and change of mind the long patterns find', () => {
    for (const phrase of DROPS) {
      expect(DROPS_PLAN.test(phrase), phrase).toBe(true);
      expect(dropsPlan(phrase), phrase).toBe(true);
    }
    for (const phrase of CHANGES) {
      expect(CHANGE_OF_MIND.test(phrase), phrase).toBe(true);
      expect(changesMind(phrase), phrase).toBe(true);
    }
  });

  it('finds every prohibition phrasing the long pattern finds', () => {
    for (const phrase of PROHIBITIONS) {
      const lower = lowerPlain(phrase);
      expect(PROHIBITION.test(lower), phrase).toBe(true);
      expect(forbids(lower), phrase).toBe(true);
    }
  });

  it('answers as the long pattern does on every line and sentence of an agent session', () => {
    const { messages } = generateAgentSession({ seed: 'prechecks', turns: 120 });
    let tested = 0;
    let matched = 0;
    for (const message of messages) {
      const pieces = [...message.content.split('\n'), ...splitSentences(message.content)];
      for (const piece of pieces) {
        const lower = lowerPlain(piece);
        expect(forbids(lower), piece).toBe(PROHIBITION.test(lower));
        expect(dropsPlan(lower), piece).toBe(DROPS_PLAN.test(lower));
        expect(changesMind(lower), piece).toBe(CHANGE_OF_MIND.test(lower));
        tested++;
        if (PROHIBITION.test(lower)) matched++;
      }
    }
    // The session must hold both kinds, or the comparison proves nothing.
    expect(tested).toBeGreaterThan(1000);
    expect(matched).toBeGreaterThan(0);
  });

  it('keeps a sentence without a prohibition word out', () => {
    expect(forbids('the build finished in 42 seconds')).toBe(false);
  });
});
