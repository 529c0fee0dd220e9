import { phraseList } from './phrase-list.js';

/** Verbs that share one kind of object, and the objects they take. */
export interface ActionFrame {
  /** Bare imperative verbs, lower case: `rewrite`, `hard-code`. */
  readonly verbs: readonly string[];
  /** Objects with their article, with `{module}` where a module name goes: `the retry logic in the {module}`. */
  readonly objects: readonly string[];
}

/** Modules an action can touch, for `{module}` in action objects. */
export const ACTION_MODULES = phraseList(`
  payment client | billing worker | sync service | export job | checkout page | auth middleware
  ledger service | invoice renderer | payout scheduler | search indexer | webhook dispatcher | mobile app
  admin console | reporting service | notification worker | import script | tenant router | pricing engine
`);

/**
 * Frames for `action_phrase`: verb + object, imperative and lower case, so a phrase reads naturally after
 * "never " and "let's " ("never rewrite the retry logic in the payment client").
 */
export const ACTION_FRAMES: readonly ActionFrame[] = [
  {
    verbs: phraseList(
      'rewrite | refactor | delete | disable | bypass | replace | duplicate | inline | stub out',
    ),
    objects: phraseList(`
      the retry logic in the {module} | the caching layer in the {module} | the rate limiter in the {module}
      the input validation in the {module} | the error handling in the {module} | the timeout handling in the {module}
      the feature flag checks in the {module} | the logging in the {module}
    `),
  },
  {
    verbs: phraseList('drop | truncate | rename | backfill | re-index | hand-edit'),
    objects: phraseList(`
      the ledger entries table | the invoices table | the audit log table | the customer records
      the payout batches | the session store | the search index | the billing history
    `),
  },
  {
    verbs: phraseList('ship | roll out | release | push'),
    objects: phraseList(`
      the beta to all tenants | the new checkout to every region | the pricing change to enterprise accounts
      the dark mode build to production | the new sync engine to the EU cluster | the hotfix without a review
      the schema migration on a Friday afternoon | the mobile build before QA signs off
    `),
  },
  {
    verbs: phraseList('hard-code | commit | paste | check in'),
    objects: phraseList(`
      the API keys in the {module} | the staging credentials | the database password | the signing secret
      the webhook secret in the {module}
    `),
  },
  {
    verbs: phraseList('log | print | share | email | export'),
    objects: phraseList(`
      full card numbers | customer email addresses | raw access tokens | the admin recovery codes
      the staging credentials | unmasked tax IDs
    `),
  },
  {
    verbs: phraseList('raise | lower | double | reset | tweak'),
    objects: phraseList(`
      the timeout of the {module} | the retry count of the {module} | the connection pool size
      the rate limits for free accounts | the cache expiry of the {module} | the batch size of the {module}
    `),
  },
  {
    verbs: phraseList('bump | downgrade | pin | upgrade | patch'),
    objects: phraseList(`
      the ORM major version | the HTTP client library | the Node runtime | the date library
      the test runner | the payment SDK | the protobuf compiler
    `),
  },
  {
    verbs: phraseList('email | notify | message'),
    objects: phraseList(`
      customers about the outage | every tenant about the maintenance window | the trial accounts in bulk
      the enterprise clients directly | churned users again
    `),
  },
  {
    verbs: phraseList('refund | charge | re-bill | credit'),
    objects: phraseList(`
      the trial accounts in bulk | disputed orders automatically | annual subscriptions mid-cycle
      enterprise invoices by hand | the whole March cohort
    `),
  },
];
