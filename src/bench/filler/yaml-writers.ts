import { AREA_DIRECTORIES, DOMAIN_NOUNS, SERVICE_ROLES } from '../lexicon/code-words.js';
import { upperSnakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { hex } from './code-names.js';
import { lines, pickLazy, type SourceWriter } from './source-writer.js';

function serviceName(prng: Prng): string {
  return `${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`;
}

function environmentEntry(prng: Prng): string {
  const name = `${upperSnakeCase(prng.pick(DOMAIN_NOUNS))}_${prng.pick(['URL', 'TIMEOUT_MS', 'POOL_SIZE', 'REGION', 'LOG_LEVEL', 'BATCH_SIZE'])}`;
  return `${name}: "${prng.chance(0.5) ? prng.int(1, 5000) : prng.pick(['info', 'debug', 'eu-west-1', 'us-east-2', 'postgres://db:5432/app'])}"`;
}

/** CI workflows: one job per block, each a list of steps. */
export const workflowWriter: SourceWriter = {
  header: (prng) =>
    `name: ${prng.pick(AREA_DIRECTORIES)}-ci\non:\n  push:\n    branches: [main]\n  pull_request:\n    paths: ["${prng.pick(['src', 'internal', 'app', 'packages'])}/**"]\njobs:`,
  block: (prng) => {
    const steps = lines(prng, prng.int(2, 5), (stream) =>
      pickLazy(stream, [
        () => `      - run: npm run ${stream.pick(['lint', 'build', 'test', 'typecheck'])}`,
        () => `      - run: go test ./internal/${stream.pick(AREA_DIRECTORIES)}/...`,
        () => `      - run: pytest tests/${stream.pick(AREA_DIRECTORIES)} -q`,
        () =>
          '      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n          cache: npm',
        () =>
          `      - uses: actions/cache@v4\n        with:\n          path: ~/.cache\n          key: deps-\${{ hashFiles('**/package-lock.json') }}`,
      ]),
    );
    const job = `${prng.pick(['test', 'lint', 'build', 'e2e', 'migrate'])}-${prng.pick(AREA_DIRECTORIES)}`;
    return `  ${job}:\n    runs-on: ubuntu-latest\n    timeout-minutes: ${prng.int(5, 45)}\n    steps:\n      - uses: actions/checkout@v4\n${steps}`;
  },
  small: (prng) => `      - run: make ${prng.pick(['lint', 'test', 'build'])}-${prng.pick(AREA_DIRECTORIES)}`,
  line: (prng) =>
    `      - run: npm run ${prng.pick(['lint', 'build', 'test'])} -- --filter ${prng.pick(AREA_DIRECTORIES)}`,
};

/** Kubernetes manifests: one resource per block. */
export const manifestWriter: SourceWriter = {
  header: (prng) => `# ${serviceName(prng)} manifests, rendered by the deploy job`,
  block: (prng) => {
    const name = serviceName(prng);
    const environment = lines(prng, prng.int(2, 5), (stream) => {
      const [key, value] = environmentEntry(stream).split(': ');
      return `            - name: ${key}\n              value: ${value}`;
    });
    return [
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      `metadata:\n  name: ${name}\n  labels:\n    app: ${name}`,
      `spec:\n  replicas: ${prng.int(1, 6)}\n  selector:\n    matchLabels:\n      app: ${name}`,
      `  template:\n    spec:\n      containers:\n        - name: ${name}`,
      `          image: registry.example.internal/${name}:${hex(prng, 7)}`,
      '          imagePullPolicy: IfNotPresent',
      `          ports:\n            - containerPort: ${prng.pick([8080, 3000, 9090, 5000])}`,
      `          env:\n${environment}`,
      `          resources:\n            limits:\n              memory: ${prng.pick([256, 512, 1024])}Mi\n              cpu: ${prng.pick(['250m', '500m', '1'])}`,
    ].join('\n');
  },
  small: (prng) =>
    `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${serviceName(prng)}-config\ndata:\n  ${environmentEntry(prng)}`,
  line: (prng) => `          image: registry.example.internal/${serviceName(prng)}:${hex(prng, 7)}`,
};

/** docker-compose files: one service per block. */
export const composeWriter: SourceWriter = {
  header: () => 'services:',
  block: (prng) => {
    const name = serviceName(prng);
    const port = prng.pick([8080, 3000, 5432, 6379, 9200, 4000]);
    const environment = lines(prng, prng.int(1, 4), (stream) => `      ${environmentEntry(stream)}`);
    return `  ${name}:\n    build: ./services/${name}\n    ports:\n      - "${port}:${port}"\n    environment:\n${environment}\n    depends_on:\n      - ${prng.pick(['postgres', 'redis', 'kafka', 'minio'])}\n    restart: unless-stopped`;
  },
  small: (prng) =>
    `  ${prng.pick(['redis', 'postgres', 'minio', 'mailhog'])}-${prng.pick(AREA_DIRECTORIES)}:\n    image: ${prng.pick(['redis:7', 'postgres:16', 'minio/minio', 'mailhog/mailhog'])}`,
  line: (prng) => `      ${environmentEntry(prng)}`,
};

/** Application settings files: one section per block. */
export const settingsWriter: SourceWriter = {
  header: (prng) => `# settings for the ${prng.pick(['staging', 'production', 'dev', 'test'])} environment`,
  block: (prng) => {
    const entries = lines(prng, prng.int(2, 6), (stream) => `  ${setting(stream)}`);
    return `${prng.pick(AREA_DIRECTORIES)}_${prng.pick(DOMAIN_NOUNS)}:\n${entries}`;
  },
  small: (prng) => `${prng.pick(AREA_DIRECTORIES)}_enabled: ${prng.chance(0.5)}`,
  line: (prng) => `  ${setting(prng)}`,
};

/** Setting suffixes with values of the right kind for each. */
const SETTINGS: readonly (readonly [string, (prng: Prng) => string])[] = [
  ['timeout_ms', (prng) => String(prng.int(1, 60) * 500)],
  ['batch_size', (prng) => String(prng.pick([10, 25, 50, 100, 250, 500, 1000]))],
  ['max_attempts', (prng) => String(prng.int(1, 8))],
  ['window', (prng) => prng.pick(['30s', '5m', '15m', '1h', '24h'])],
  ['enabled', (prng) => String(prng.chance(0.5))],
  ['region', (prng) => prng.pick(['eu-west-1', 'us-east-2', 'ap-southeast-1', 'eu-central-1'])],
];

/** `invoice_timeout_ms: 2500`. */
function setting(prng: Prng): string {
  const [suffix, value] = prng.pick(SETTINGS);
  return `${prng.pick(DOMAIN_NOUNS)}_${suffix}: ${value(prng)}`;
}
