import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSuite, resolveSuite } from '../../../src/bench/suites/index.js';
import { COMPACT_BENCH_PUBLIC, HAS_COMPACT_BENCH, SKIP_REASON } from '../template/compact-bench-data.js';
import { fullTemplateDocument, toYaml } from '../template/template-fixtures.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compactkit-suite-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function templateText(key: string): string {
  const document = fullTemplateDocument();
  document.template.key = key;
  return toYaml(document);
}

async function put(relative: string, text: string): Promise<string> {
  const path = join(directory, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
  return path;
}

describe('loadSuite', () => {
  it('loads a folder tree in relative-path order, skipping manifests, hidden folders and node_modules', async () => {
    await put('starter/b.yaml', templateText('starter_b'));
    await put('elite_practice/z.yaml', templateText('elite_z'));
    await put('elite_practice/deeper/a.yml', templateText('elite_deeper_a'));
    await put('top.yaml', templateText('top'));
    await put('starter/suite.yaml', 'suite: {key: nested, version: 1.0.0}\n');
    await put('.git/hooks.yaml', 'not: a template');
    await put('node_modules/pkg/t.yaml', 'not: a template');
    const suite = await loadSuite(directory);
    expect(suite.templates.map(({ path }) => path.slice(directory.length + 1))).toEqual([
      'elite_practice/deeper/a.yml',
      'elite_practice/z.yaml',
      'starter/b.yaml',
      'top.yaml',
    ]);
    expect(suite.key).toBe('custom');
    expect(suite.version).toMatch(/^0\.0\.0-[0-9a-f]{12}$/);
  });

  it('versions a tree by relative paths and bytes: the same files give the same version, any change another', async () => {
    await put('set_a/one.yaml', templateText('one'));
    await put('set_b/two.yaml', templateText('two'));
    const first = await loadSuite(directory);
    expect((await loadSuite(directory)).version).toBe(first.version);
    // The same files elsewhere on disk: the version does not depend on where the tree lives.
    const copy = await mkdtemp(join(tmpdir(), 'compactkit-suite-copy-'));
    try {
      for (const relative of ['set_a/one.yaml', 'set_b/two.yaml']) {
        await mkdir(join(copy, relative, '..'), { recursive: true });
        await writeFile(join(copy, relative), await readFile(join(directory, relative)));
      }
      expect((await loadSuite(copy)).version).toBe(first.version);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
    await rm(join(directory, 'set_b'), { recursive: true });
    await put('set_c/two.yaml', templateText('two'));
    const moved = await loadSuite(directory);
    expect(moved.version).not.toBe(first.version);
    await put('set_c/two.yaml', `${templateText('two')}\n# edited\n`);
    expect((await loadSuite(directory)).version).not.toBe(moved.version);
  });

  it('keeps the version a flat folder has always had: file names and bytes', async () => {
    await put('b.yaml', templateText('b'));
    await put('a.yaml', templateText('a'));
    const hash = createHash('sha256');
    for (const name of ['a.yaml', 'b.yaml']) {
      hash
        .update(name)
        .update('\0')
        .update(await readFile(join(directory, name)));
    }
    expect((await loadSuite(directory)).version).toBe(`0.0.0-${hash.digest('hex').slice(0, 12)}`);
  });

  it('loads a single template file as a suite, versioned as a folder holding only it', async () => {
    const path = await put('only/handoff.yaml', templateText('handoff'));
    const single = await resolveSuite(path);
    expect(single.templates.map(({ template }) => template.key)).toEqual(['handoff']);
    expect(single).toMatchObject({ key: 'custom', directory: path });
    expect(single.version).toBe((await loadSuite(join(directory, 'only'))).version);
  });

  it('follows a link to a template file but not a link to a folder', async () => {
    const target = await put('elsewhere/linked.yaml', templateText('linked'));
    await put('suite/own.yaml', templateText('own'));
    await symlink(target, join(directory, 'suite', 'link.yaml'));
    await symlink(join(directory, 'suite'), join(directory, 'suite', 'loop'));
    const suite = await loadSuite(join(directory, 'suite'));
    expect(suite.templates.map(({ template }) => template.key)).toEqual(['linked', 'own']);
  });

  it('names a path that does not exist and a tree without templates', async () => {
    await expect(loadSuite(join(directory, 'missing'))).rejects.toThrow(
      `cannot read suite ${join(directory, 'missing')}`,
    );
    await put('docs/readme.md', 'no templates here');
    await expect(loadSuite(directory)).rejects.toThrow(
      'no template files (*.yaml) in this folder or its subfolders',
    );
  });

  it.skipIf(!HAS_COMPACT_BENCH)(
    `loads CompactBench's public folder as one suite of its 24 templates${HAS_COMPACT_BENCH ? '' : ` (skipped: ${SKIP_REASON})`}`,
    async () => {
      const suite = await loadSuite(COMPACT_BENCH_PUBLIC);
      expect(suite.templates).toHaveLength(24);
      expect(suite.templates[0]?.template.key).toBe('buried_constraint_v1_1');
      expect(suite.templates.at(-1)?.template.key).toBe('reference_resolution_starter_v1');
      expect((await loadSuite(COMPACT_BENCH_PUBLIC)).version).toBe(suite.version);
    },
  );
});
