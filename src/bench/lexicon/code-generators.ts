import type { Prng } from '../random/prng.js';
import {
  AREA_DIRECTORIES,
  CODE_QUALIFIERS,
  CODE_VERBS,
  DOMAIN_NOUNS,
  FILE_ROLES,
  ROOT_DIRECTORIES,
  SERVICE_ROLES,
  TICKET_PREFIXES,
} from './code-words.js';
import { drawDifferent, hasNoLeadingZero, nearByDigits } from './near-value.js';
import type { VariableGenerator } from './variable-generator.js';
import {
  camelCase,
  capitalize,
  kebabCase,
  pascalCase,
  pluralize,
  snakeCase,
  upperSnakeCase,
} from './word-case.js';

/** File extensions with how often they turn up and how their file names are spelt. */
const EXTENSIONS: readonly (readonly [
  { extension: string; spelling: 'kebab' | 'snake' | 'pascal' },
  number,
])[] = [
  [{ extension: 'ts', spelling: 'kebab' }, 6],
  [{ extension: 'tsx', spelling: 'kebab' }, 1],
  [{ extension: 'py', spelling: 'snake' }, 3],
  [{ extension: 'go', spelling: 'snake' }, 2],
  [{ extension: 'rs', spelling: 'snake' }, 1],
  [{ extension: 'rb', spelling: 'snake' }, 1],
  [{ extension: 'java', spelling: 'pascal' }, 1],
  [{ extension: 'sql', spelling: 'snake' }, 1],
  [{ extension: 'yaml', spelling: 'kebab' }, 1],
  [{ extension: 'json', spelling: 'kebab' }, 1],
  [{ extension: 'toml', spelling: 'kebab' }, 1],
  [{ extension: 'sh', spelling: 'kebab' }, 1],
];

/** `src/billing`, `packages/api/src/ledger/exports`. */
export function drawDirectory(prng: Prng): string {
  const root = prng.pick(ROOT_DIRECTORIES);
  const area = prng.pick(AREA_DIRECTORIES);
  return prng.chance(0.3)
    ? `${root}/${area}/${prng.pick(AREA_DIRECTORIES.filter((a) => a !== area))}`
    : `${root}/${area}`;
}

/** A file name without directory: `invoice-export.ts`, `payout_scheduler.py`, `LedgerClient.java`. */
export function drawFileName(prng: Prng): string {
  const { extension, spelling } = prng.weighted(EXTENSIONS);
  const stem = `${prng.pick(DOMAIN_NOUNS)} ${prng.pick(FILE_ROLES)}`;
  if (spelling === 'snake') return `${snakeCase(stem)}.${extension}`;
  if (spelling === 'pascal') return `${pascalCase(stem)}.${extension}`;
  return `${kebabCase(stem)}.${extension}`;
}

/** `src/billing/invoice-export.ts`; its look-alike keeps the directory and changes one part of the name. */
export const filePathGenerator: VariableGenerator = {
  name: 'file_path',
  draw: (prng) => `${drawDirectory(prng)}/${drawFileName(prng)}`,
  near(value, prng) {
    const slash = value.lastIndexOf('/');
    const directory = slash >= 0 ? value.slice(0, slash) : drawDirectory(prng);
    const name = slash >= 0 ? value.slice(slash + 1) : value;
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot) : '.ts';
    const stem = dot > 0 ? name.slice(0, dot) : name;
    // Keep the file's own spelling: snake_case, kebab-case or PascalCase.
    const separator = stem.includes('_') ? '_' : stem.includes('-') ? '-' : '';
    const parts = separator === '' ? stem.split(/(?=[A-Z])/) : stem.split(separator);
    const spell = (word: string): string => (separator === '' ? capitalize(word) : word);
    for (let attempt = 0; attempt < 50; attempt++) {
      const changed = [...parts];
      const index = prng.int(0, changed.length - 1);
      changed[index] = spell(index === changed.length - 1 ? prng.pick(FILE_ROLES) : prng.pick(DOMAIN_NOUNS));
      const candidate = `${directory}/${changed.join(separator)}${extension}`;
      if (candidate !== value) return candidate;
    }
    return drawDifferent(value, prng, filePathGenerator.draw);
  },
};

/** A directory path like `src/billing`. */
export const directoryGenerator: VariableGenerator = {
  name: 'directory',
  draw: drawDirectory,
  near: (value, prng) => {
    // Same root, a sibling feature folder: `src/billing` → `src/ledger`.
    const slash = value.lastIndexOf('/');
    const parent = slash >= 0 ? value.slice(0, slash) : prng.pick(ROOT_DIRECTORIES);
    return drawDifferent(value, prng, (stream) => `${parent}/${stream.pick(AREA_DIRECTORIES)}`);
  },
};

/** `ledger-worker`, `billing-api`. */
export const serviceNameGenerator: VariableGenerator = {
  name: 'service_name',
  draw: (prng) => `${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`,
  near: (value, prng) => {
    // Same domain, another role: `ledger-worker` → `ledger-sync`.
    const dash = value.indexOf('-');
    const noun = dash > 0 ? value.slice(0, dash) : prng.pick(DOMAIN_NOUNS);
    return drawDifferent(value, prng, (stream) => `${noun}-${stream.pick(SERVICE_ROLES)}`);
  },
};

/** `reconcileLedgerBatch`: verb, noun and sometimes a qualifier, in camelCase. */
export function drawFunctionName(prng: Prng): string {
  const qualifier = prng.chance(0.6) ? ` ${prng.pick(CODE_QUALIFIERS)}` : '';
  return camelCase(`${prng.pick(CODE_VERBS)} ${prng.pick(DOMAIN_NOUNS)}${qualifier}`);
}

/** `fetchInvoiceLines`; its look-alike swaps the verb (`loadInvoiceLines`). */
export const functionNameGenerator: VariableGenerator = {
  name: 'function_name',
  draw: drawFunctionName,
  near: (value, prng) => {
    const verb = CODE_VERBS.find((candidate) => value.startsWith(candidate));
    if (verb === undefined) return drawDifferent(value, prng, drawFunctionName);
    const rest = value.slice(verb.length);
    return drawDifferent(value, prng, (stream) => `${stream.pick(CODE_VERBS)}${rest}`);
  },
};

const ENV_SUFFIXES = [
  'URL',
  'TIMEOUT_MS',
  'API_KEY',
  'MAX_RETRIES',
  'POOL_SIZE',
  'REGION',
  'BUCKET',
  'SECRET',
  'ENABLED',
  'LOG_LEVEL',
  'QUEUE_NAME',
  'BATCH_SIZE',
  'HOST',
  'PORT',
  'CONCURRENCY',
  'WEBHOOK_SECRET',
  'DSN',
];

/** `PAYOUT_WEBHOOK_SECRET`, `LEDGER_DB_URL`. */
export const envVarGenerator: VariableGenerator = {
  name: 'env_var',
  draw: (prng) => {
    const infix = prng.chance(0.3)
      ? `_${prng.pick(['DB', 'CACHE', 'QUEUE', 'SMTP', 'S3', 'REDIS', 'OAUTH'])}`
      : '';
    return `${upperSnakeCase(prng.pick(DOMAIN_NOUNS))}${infix}_${prng.pick(ENV_SUFFIXES)}`;
  },
  near: (value, prng) => drawDifferent(value, prng, envVarGenerator.draw),
};

/** `ledger_entries`, `invoice_lines`: snake_case and plural, the way most schemas name tables. */
export const dbTableGenerator: VariableGenerator = {
  name: 'db_table',
  draw: (prng) =>
    prng.chance(0.35)
      ? pluralize(prng.pick(DOMAIN_NOUNS))
      : `${prng.pick(DOMAIN_NOUNS)}_${snakeCase(prng.pick(CODE_QUALIFIERS))}`,
  near: (value, prng) => drawDifferent(value, prng, dbTableGenerator.draw),
};

/** `PAY-1234`; its look-alike changes a digit (`PAY-1243`). */
export const ticketIdGenerator: VariableGenerator = {
  name: 'ticket_id',
  draw: (prng) => `${prng.pick(TICKET_PREFIXES)}-${prng.int(100, 9999)}`,
  near: (value, prng) =>
    nearByDigits(value, prng, (candidate) => hasNoLeadingZero(candidate.slice(candidate.indexOf('-') + 1))) ??
    drawDifferent(value, prng, ticketIdGenerator.draw),
};

const BRANCH_KINDS = ['feature', 'fix', 'chore', 'refactor', 'hotfix', 'spike', 'perf'];

/** `fix/PAY-1234-ledger-rounding`, `feature/invoice-export-retry`. */
export const branchNameGenerator: VariableGenerator = {
  name: 'branch_name',
  draw: (prng) => {
    const ticket = prng.chance(0.4) ? `${ticketIdGenerator.draw(prng)}-` : '';
    const topic = kebabCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(CODE_QUALIFIERS)}`);
    return `${prng.pick(BRANCH_KINDS)}/${ticket}${topic}`;
  },
  near: (value, prng) => drawDifferent(value, prng, branchNameGenerator.draw),
};

/** `https://billing.example.com/api/v2/invoices/8841`, `http://ledger-api.staging.internal:8080/health`. */
export const urlGenerator: VariableGenerator = {
  name: 'url',
  draw: (prng) => `${drawHost(prng)}${drawUrlPath(prng)}`,
  near: (value, prng) => {
    // Same host, another path: the mix-up that sends a request to the wrong endpoint.
    const host = /^https?:\/\/[^/]+/.exec(value)?.[0];
    if (host === undefined) return drawDifferent(value, prng, urlGenerator.draw);
    return drawDifferent(value, prng, (stream) => `${host}${drawUrlPath(stream)}`);
  },
};

function drawHost(prng: Prng): string {
  const service = `${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`;
  if (prng.chance(0.6)) {
    return `https://${prng.pick(AREA_DIRECTORIES)}.example.${prng.pick(['com', 'org', 'net'])}`;
  }
  const environment = prng.pick(['staging', 'prod', 'dev', 'qa', 'eu', 'us']);
  return `http://${service}.${environment}.internal:${prng.pick([8080, 8443, 3000, 9090, 5000, 4000])}`;
}

function drawUrlPath(prng: Prng): string {
  const plural = pluralize(prng.pick(DOMAIN_NOUNS));
  switch (prng.int(0, 4)) {
    case 0:
      return `/api/v${prng.int(1, 3)}/${plural}/${prng.int(100, 99999)}`;
    case 1:
      return `/api/v${prng.int(1, 3)}/${plural}?status=${prng.pick(['failed', 'open', 'draft', 'overdue', 'paid'])}`;
    case 2:
      return `/webhooks/${prng.pick(DOMAIN_NOUNS)}`;
    case 3:
      return `/admin/${plural}/${prng.int(1, 9999)}/${prng.pick(['edit', 'history', 'events', 'export'])}`;
    default:
      return prng.pick(['/health', '/metrics', '/readyz', '/v1/status', '/graphql']);
  }
}
