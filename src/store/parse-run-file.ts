import { ValidationError, type ValidationIssue } from '../errors.js';
import type { RecordedCall } from '../llm/types.js';
import { lineSchemas, type RunFileLine, runFileFormat, runFileVersion } from './run-file-lines.js';
import type { CaseRecord, RunContents, RunRecord } from './types.js';
import { validateInput } from './validate-input.js';

type LineType = keyof typeof lineSchemas;
type ChildType = 'cycle' | 'artifact' | 'item_response' | 'verdict';

/** The fields that identify a line of each type: two lines with the same values are a conflict. */
const identity: Record<Exclude<LineType, 'run' | 'end' | 'llm_call'>, readonly string[]> = {
  case: ['case_key'],
  cycle: ['case_key', 'cycle'],
  artifact: ['case_key', 'cycle', 'method'],
  item_response: ['case_key', 'cycle', 'item_key'],
  verdict: ['case_key', 'cycle', 'item_key'],
  evaluation_row: ['row_key'],
  probe_result: ['session_key', 'probe_key'],
};

/**
 * Parses the text of a run export into the contents `insertRun` takes, checking every line: JSON, fields,
 * that every line belongs to the file's run, that children follow their case, that nothing is duplicated,
 * and that the `end` line is there (a file cut short is refused).
 * @throws ValidationError listing every problem as `file.jsonl:LINE: type.field: what is wrong`.
 */
export function parseRunFile(text: string, source: string): RunContents {
  const issues: ValidationIssue[] = [];
  const rawLines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  let contents: RunContents | undefined;
  let runLine = 0;
  let seenLines = 0;
  let ended = false;
  let lastLine = 0;
  const cases = new Map<string, CaseRecord>();
  const seen = new Map<string, number>();

  for (const [index, raw] of rawLines.entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    const number = index + 1;
    const where = `${source}:${number}`;
    lastLine = number;
    seenLines += 1;
    const fail = (message: string, field?: string) => {
      issues.push({ where: field ? `${where}: ${field}` : where, message });
    };
    if (ended) {
      fail('unexpected line after the end line');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      fail(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (seenLines === 1) {
      checkHeader(value, where);
      continue;
    }
    const type = lineType(value, fail);
    if (type === undefined) continue;
    if (seenLines === 2 && type !== 'run') {
      fail(`expected the run line (type "run") after the header, got type "${type}"`);
      break;
    }
    let parsed: RunFileLine[LineType];
    try {
      parsed = validateInput<RunFileLine[LineType]>(lineSchemas[type], value, type, where);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
      // Remember the key of a bad case line anyway, so its children do not each report a missing case.
      const caseKey = fieldOf(value, 'case_key');
      if (type === 'case' && typeof caseKey === 'string') cases.set(caseKey, emptyCase(caseKey));
      continue;
    }
    if (parsed.type === 'run') {
      if (contents) {
        fail(`a run export holds one run; the run is on line ${runLine}`, 'run');
        continue;
      }
      runLine = number;
      contents = { run: runFromLine(parsed), cases: [], evaluationRows: [], probeResults: [], llmCalls: [] };
      continue;
    }
    if (parsed.type === 'end') {
      ended = true;
      const expected = seenLines - 1;
      if (parsed.lines !== expected) {
        fail(
          `says ${parsed.lines} lines come before it, but ${expected} do: the file was cut or edited`,
          'end.lines',
        );
      }
      continue;
    }
    if (!contents) break;
    const runId = contents.run.id;
    if (parsed.run_id !== runId) {
      const message = `expected "${runId}" (the run on line ${runLine}), got "${parsed.run_id}"`;
      fail(message, `${parsed.type}.run_id`);
      continue;
    }
    if (parsed.type !== 'llm_call') {
      const fields = identity[parsed.type];
      const key = `${parsed.type}\u0000${JSON.stringify(fields.map((field) => fieldOf(parsed, field)))}`;
      const first = seen.get(key);
      if (first !== undefined) {
        fail(`same ${fields.join(', ')} as line ${first}`, parsed.type);
        continue;
      }
      seen.set(key, number);
    }
    switch (parsed.type) {
      case 'case': {
        const record = emptyCase(parsed.case_key);
        record.status = parsed.status;
        record.writtenAt = parsed.written_at;
        if (parsed.error !== undefined) record.error = parsed.error;
        if (parsed.data !== undefined) record.data = parsed.data;
        cases.set(parsed.case_key, record);
        contents.cases.push(record);
        break;
      }
      case 'evaluation_row':
        contents.evaluationRows.push({ rowKey: parsed.row_key, data: parsed.data });
        break;
      case 'probe_result':
        contents.probeResults.push({
          sessionKey: parsed.session_key,
          probeKey: parsed.probe_key,
          data: parsed.data,
        });
        break;
      case 'llm_call':
        contents.llmCalls.push(callFromLine(parsed));
        break;
      default: {
        const owner = cases.get(parsed.case_key);
        if (!owner) fail(`no case "${parsed.case_key}" before this line`, `${parsed.type}.case_key`);
        else addChild(owner, parsed);
      }
    }
  }
  if (!ended && issues.length === 0) {
    issues.push({
      where: `${source}:${lastLine}`,
      message: 'the file ends without its end line: it was cut short; export the run again',
    });
  }
  if (issues.length > 0 || !contents) throw new ValidationError(issues);
  return contents;
}

function checkHeader(value: unknown, where: string): void {
  const expected = `{"type":"header","format":"${runFileFormat}","version":${runFileVersion}}`;
  if (fieldOf(value, 'type') !== 'header' || fieldOf(value, 'format') !== runFileFormat) {
    throw new ValidationError([
      { where, message: `not a compactkit run export: the first line must be ${expected}` },
    ]);
  }
  const version = fieldOf(value, 'version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ValidationError([{ where: `${where}: header.version`, message: `expected an integer >= 1` }]);
  }
  if (version > runFileVersion) {
    throw new ValidationError([
      {
        where: `${where}: header.version`,
        message: `version ${version} is newer than this build of compactkit reads (${runFileVersion}); upgrade compactkit`,
      },
    ]);
  }
}

function lineType(value: unknown, fail: (message: string, field?: string) => void): LineType | undefined {
  const type = fieldOf(value, 'type');
  if (typeof type === 'string' && isLineType(type)) return type;
  const known = Object.keys(lineSchemas).join(', ');
  fail(
    type === undefined
      ? `is required (one of ${known})`
      : `expected one of ${known}, got ${JSON.stringify(type)}`,
    'type',
  );
  return undefined;
}

/** A field of a parsed JSON value, or undefined when the value is not an object or lacks it. */
function fieldOf(value: unknown, field: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, field)
    ? Object.getOwnPropertyDescriptor(value, field)?.value
    : undefined;
}

function isLineType(type: string): type is LineType {
  return Object.hasOwn(lineSchemas, type);
}

function emptyCase(caseKey: string): CaseRecord {
  return {
    caseKey,
    status: 'complete',
    writtenAt: '',
    cycles: [],
    artifacts: [],
    itemResponses: [],
    verdicts: [],
  };
}

function runFromLine(line: RunFileLine['run']): RunRecord {
  const { id, kind, fingerprint, config, versions, status } = line;
  const run: RunRecord = { id, kind, fingerprint, config, versions, status, createdAt: line.created_at };
  if (line.finished_at !== undefined) run.finishedAt = line.finished_at;
  return run;
}

function callFromLine(line: RunFileLine['llm_call']): RecordedCall {
  const call: RecordedCall = {
    key: line.key,
    modelId: line.model_id,
    request: line.request,
    createdAt: line.created_at,
  };
  if (line.response !== undefined) call.response = line.response;
  if (line.error !== undefined) call.error = line.error;
  call.runId = line.run_id;
  return call;
}

function addChild(owner: CaseRecord, line: RunFileLine[ChildType]): void {
  const withData = <T extends object>(record: T, data: unknown) =>
    data === undefined ? record : { ...record, data };
  switch (line.type) {
    case 'cycle':
      owner.cycles.push(withData({ cycle: line.cycle }, line.data));
      break;
    case 'artifact': {
      const artifact = { cycle: line.cycle, method: line.method, artifact: line.artifact };
      owner.artifacts.push(line.tokens === undefined ? artifact : { ...artifact, tokens: line.tokens });
      break;
    }
    case 'item_response': {
      const item = { cycle: line.cycle, itemKey: line.item_key, prompt: line.prompt };
      owner.itemResponses.push(
        withData(line.response === undefined ? item : { ...item, response: line.response }, line.data),
      );
      break;
    }
    case 'verdict': {
      const verdict = {
        cycle: line.cycle,
        itemKey: line.item_key,
        score: line.score,
        violation: line.violation,
      };
      owner.verdicts.push(
        withData(line.reason === undefined ? verdict : { ...verdict, reason: line.reason }, line.data),
      );
      break;
    }
  }
}
