import { phraseList } from './phrase-list.js';

/** Subjects, aspects and kinds of work that combine into natural project names within one group. */
export interface ProjectWordGroup {
  /** What the project is about: `invoice`, `onboarding`. */
  readonly subjects: readonly string[];
  /** Which part of it: `reconciliation`, `flow`. */
  readonly aspects: readonly string[];
  /** What kind of work: `service`, `redesign`. */
  readonly kinds: readonly string[];
}

/**
 * Word groups for `project_noun`: any subject, aspect and kind of one group read as a real project
 * ("invoice reconciliation service", "onboarding flow redesign"). Groups keep odd pairings out.
 */
export const PROJECT_WORD_GROUPS: readonly ProjectWordGroup[] = [
  {
    subjects: phraseList(
      'invoice | payout | ledger | refund | billing | subscription | tax | expense | chargeback',
    ),
    aspects: phraseList('reconciliation | export | sync | settlement | approval | reporting | audit trail'),
    kinds: phraseList('service | pipeline | job | migration | rewrite | dashboard | API | cleanup'),
  },
  {
    subjects: phraseList('onboarding | signup | account | profile | login | password reset | team invite'),
    aspects: phraseList('flow | verification | settings | email | screen | wizard'),
    kinds: phraseList('redesign | revamp | migration | service | experiment | overhaul'),
  },
  {
    subjects: phraseList('search | analytics | event | metrics | catalog | clickstream | product feed'),
    aspects: phraseList('ingestion | indexing | export | enrichment | deduplication | aggregation'),
    kinds: phraseList('pipeline | service | backfill | worker | rebuild | job'),
  },
  {
    subjects: phraseList('notification | email | webhook | reminder | push message | SMS'),
    aspects: phraseList('delivery | scheduling | retry | templating | digest | throttling'),
    kinds: phraseList('service | queue | worker | overhaul | gateway'),
  },
  {
    subjects: phraseList('inventory | shipment | warehouse | order | returns | carrier'),
    aspects: phraseList('tracking | allocation | forecasting | label printing | status sync'),
    kinds: phraseList('service | integration | dashboard | rewrite | pipeline'),
  },
  {
    subjects: phraseList('deploy | build | test | release | container image | CI'),
    aspects: phraseList('caching | sharding | signing | promotion | cleanup'),
    kinds: phraseList('pipeline | tooling | overhaul | migration | speedup'),
  },
];
