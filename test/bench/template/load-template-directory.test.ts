import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTemplate, loadTemplateDirectory } from '../../../src/bench/template/index.js';
import { CompactkitError, ValidationError } from '../../../src/errors.js';
import { fullTemplateDocument, toYaml } from './template-fixtures.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compactkit-templates-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function templateText(key: string): string {
  const document = fullTemplateDocument();
  document.template.key = key;
  return toYaml(document);
}

async function issuesOfLoad(path: string): Promise<{ where: string; message: string }[]> {
  try {
    await loadTemplateDirectory(path);
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('loadTemplate', () => {
  it('names the file in every issue', async () => {
    const path = join(directory, 'bad.yaml');
    await writeFile(path, 'template:\n  key: 1x\n');
    await expect(loadTemplate(path)).rejects.toThrow(`${path}: template.key: expected a key`);
  });

  it('reports a missing file as an io_error', async () => {
    const missing = join(directory, 'missing.yaml');
    const error = await loadTemplate(missing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('io_error');
    expect((error as Error).message).toContain(`cannot read template ${missing}`);
  });
});

describe('loadTemplateDirectory', () => {
  it('loads *.yaml and *.yml files sorted by name, ignoring other files and subfolders', async () => {
    await writeFile(join(directory, 'b.yml'), templateText('second'));
    await writeFile(join(directory, 'a.yaml'), templateText('first'));
    await writeFile(join(directory, 'C.YAML'), templateText('upper'));
    await writeFile(join(directory, 'notes.md'), 'not a template');
    await writeFile(join(directory, 'a.yaml.bak'), 'not: [valid');
    await mkdir(join(directory, 'nested.yaml'));
    await mkdir(join(directory, 'sub'));
    await writeFile(join(directory, 'sub', 'z.yaml'), templateText('nested'));
    await rm(join(directory, 'nested.yaml'), { recursive: true });
    const loaded = await loadTemplateDirectory(directory);
    expect(loaded.map(({ path, template }) => [path, template.key])).toEqual([
      [join(directory, 'C.YAML'), 'upper'],
      [join(directory, 'a.yaml'), 'first'],
      [join(directory, 'b.yml'), 'second'],
    ]);
  });

  it('returns nothing for a folder without templates', async () => {
    expect(await loadTemplateDirectory(directory)).toEqual([]);
  });

  it('reports two files with the same template key, naming both', async () => {
    await writeFile(join(directory, 'one.yaml'), templateText('same_key'));
    await writeFile(join(directory, 'two.yaml'), templateText('same_key'));
    await writeFile(join(directory, 'three.yaml'), templateText('same_key'));
    expect(await issuesOfLoad(directory)).toEqual([
      {
        where: `${join(directory, 'three.yaml')}: template.key`,
        message: `duplicate template key "same_key", already used by ${join(directory, 'one.yaml')}; give each template its own key`,
      },
      {
        where: `${join(directory, 'two.yaml')}: template.key`,
        message: `duplicate template key "same_key", already used by ${join(directory, 'one.yaml')}; give each template its own key`,
      },
    ]);
  });

  it('reports the problems of every file together, syntax and schema alike', async () => {
    await writeFile(join(directory, 'a.yaml'), templateText('fine'));
    await writeFile(join(directory, 'b.yaml'), 'template:\n  key: [oops\n');
    await writeFile(
      join(directory, 'c.yaml'),
      templateText('also_fine').replace('role: assistant', 'role: robot'),
    );
    await writeFile(join(directory, 'd.yaml'), templateText('fine'));
    const issues = await issuesOfLoad(directory);
    expect(issues.map((issue) => issue.where)).toEqual([
      expect.stringMatching(/b\.yaml:\d+:\d+$/),
      `${join(directory, 'c.yaml')}: template.transcript.turns[2].role`,
      `${join(directory, 'd.yaml')}: template.key`,
    ]);
    expect(issues[0]?.message).toMatch(/^invalid YAML: /);
  });

  it('reports a missing directory as an io_error', async () => {
    const missing = join(directory, 'nope');
    const error = await loadTemplateDirectory(missing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('io_error');
    expect((error as Error).message).toContain(`cannot read template directory ${missing}`);
  });
});
