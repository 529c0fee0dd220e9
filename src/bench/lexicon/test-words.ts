import { phraseList } from './phrase-list.js';

/** Verbs that start a test's title, third person: `rejects`, `rounds`. */
export const TEST_VERBS = phraseList(`
  rejects | accepts | rounds | retries | skips | groups | merges | sorts | caches | exports | parses | returns
  keeps | flags | marks | splits | totals | dedupes | archives | renders
`);

/** What a test's title is about. */
export const TEST_OBJECTS = phraseList(`
  expired session tokens | partial refunds | duplicate webhook events | empty invoice batches | negative amounts
  late payouts | unknown currencies | malformed CSV rows | stale cache entries | overlapping billing periods
  zero quantity lines | suspended tenants | unicode customer names | oversized attachments | reversed transfers
`);

/** The circumstances a test's title ends with. */
export const TEST_CONDITIONS = phraseList(`
  across currencies | on the first attempt | when the tenant is suspended | after a timeout
  for zero-value lines | in the EU region | with a custom locale | under concurrent writes | in a leap year
  at the end of the month | with an empty cursor | for a single item | when the clock skews
`);
