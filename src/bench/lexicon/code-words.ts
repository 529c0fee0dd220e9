import { phraseList } from './phrase-list.js';

/** Business nouns of the made-up code bases, singular and lower case; the heart of every identifier. */
export const DOMAIN_NOUNS = phraseList(`
  invoice | ledger | payout | refund | tenant | account | customer | order | shipment | subscription
  webhook | session | report | batch | reminder | audit | receipt | settlement | quote | catalog | product
  inventory | warehouse | carrier | coupon | discount | currency | notification | channel | upload
  attachment | document | signature | contract | payment | transfer | balance | statement | vendor
  supplier | employee | timesheet | expense | budget | forecast | metric | event | cart | checkout
  profile | address | region | locale | credential | invite | membership | role | permission | ticket
  incident | deployment | snapshot | backup | export | import | schedule | price | fee | dispute | mandate
`);

/** Verbs that start function names: `fetchInvoiceLines`, `reconcileLedgerBatch`. */
export const CODE_VERBS = phraseList(`
  fetch | load | parse | build | compute | reconcile | validate | normalize | resolve | render | schedule
  enqueue | dispatch | apply | merge | split | group | format | serialize | hydrate | persist | sync
  refresh | encode | decode | sign | verify | collect | emit | publish | flush | prune | archive | match
  rank | score | allocate | settle | post | close | lock | release | convert | summarize | index | compare
`);

/** Second nouns of identifiers: what part of the domain noun a function works on. */
export const CODE_QUALIFIERS = phraseList(`
  lines | totals | status | summary | window | cursor | payload | headers | config | options | snapshot
  metadata | context | records | items | batch | events | rows | keys | limits | state | result | query
  filters | entries | amounts | counts | page | range | version | token | schedule | owner | history
`);

/** Record fields in camelCase; code generators turn them into snake_case where a language wants it. */
export const FIELD_NAMES = phraseList(`
  tenantId | invoiceId | accountId | customerId | orderId | amountCents | currency | createdAt | updatedAt
  status | dueDate | postedAt | lineItems | externalRef | retryCount | attempt | batchSize | cursor | region
  total | subtotal | taxRate | discountCents | paidAt | settledAt | sourceId | idempotencyKey | checksum
  version | priority | ownerId | email | locale | timezone | quantity | sku | warehouseId | carrierCode
  trackingNumber | webhookUrl | periodStart | periodEnd | dueAt | reference | description | label | kind
  count | offset | limit | expiresAt | issuedAt | scope | channel | payload | signature | sequence | notes
`);

/** Top folders of a repository, for paths. */
export const ROOT_DIRECTORIES = phraseList(`
  src | app | lib | internal | pkg | services | packages/api/src | packages/web/src | packages/core/src
  cmd | server | backend/src | apps/dashboard/src | modules
`);

/** Feature folders under a root, for paths. */
export const AREA_DIRECTORIES = phraseList(`
  billing | ledger | payouts | sync | auth | checkout | notifications | search | reporting | inventory
  shipping | webhooks | tenants | accounts | exports | imports | jobs | queue | db | config | middleware
  api | workers | pricing | invoices | subscriptions | refunds | audit | storage | scheduling | metrics
`);

/** Roles of source files: `invoice-client.ts`, `payout_scheduler.py`. */
export const FILE_ROLES = phraseList(`
  client | service | worker | repository | handler | controller | schema | config | mapper | parser
  formatter | scheduler | queue | cache | policy | validator | router | types | store | exporter | importer
  builder | resolver | poller | consumer | publisher | adapter | helpers | model | view | job | limiter
`);

/** Roles of deployable services: `billing-api`, `ledger-worker`. */
export const SERVICE_ROLES = phraseList(`
  api | worker | gateway | scheduler | service | sync | exporter | consumer | proxy | indexer | cron | web
`);

/** Prefixes of issue tracker keys: `PAY-1234`. */
export const TICKET_PREFIXES = phraseList(`
  PAY | LED | OPS | INFRA | BILL | CORE | SYNC | WEB | MOB | DATA | SEC | PLAT | CHK | NOTIF | SRCH | INV
`);
