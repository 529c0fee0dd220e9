import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

// Saying that something is still under way: "bf-20931 is still running", "the deploy is pending", or waiting
// for it to end ("wait for bf-20931 to finish, then…"), which takes it to be still under way.
const UNDER_WAY =
  /\b(?:running|pending|queued|in progress|in-progress|ongoing|processing|deploying|rolling out|not (?:yet )?(?:done|finished|complete)|wait(?:ing)? (?:for|on|until)\b[^.;]*?\b(?:finish(?:es|ed)?|complete[sd]?|done|end(?:s|ed)?|land(?:s|ed)?))\b/i;

// A status line of a tool's output: "state: completed", "status=succeeded", "Status: Finished".
const STATUS_LINE = /\b(?:state|status|phase)\s*[:=]\s*["']?(?<value>[A-Za-z][\w-]*)/;

// Statuses that say the work is over.
const OVER =
  /^(?:completed?|finished|done|succeeded|success|successful|closed|merged|resolved|failed|failure|cancell?ed|aborted|stopped|exited|terminated)$/i;

// A name of a job, run, build or ticket: letters and digits with a dash or underscore ("bf-20931", "run_88").
const HANDLE = /(?<![\w-])[A-Za-z][A-Za-z0-9]*[-_][A-Za-z0-9-_]*\d[A-Za-z0-9]*(?![\w-])/g;

/**
 * For an action that says a named job is still under way ("yes, bf-20931 is still running"), the line of a
 * tool's output that reports a status showing it over ("state: completed"), in the output of a call or output
 * that names the job; the latest such. What a tool observed outranks what someone said before it was run.
 * Undefined when the action claims nothing under way or no output reports on the job.
 */
export function observedOver(parsed: ParsedArtifact, action: string): Passage | undefined {
  if (!UNDER_WAY.test(action)) return undefined;
  const handles = [...new Set(action.match(HANDLE) ?? [])];
  if (handles.length === 0) return undefined;
  const { partner, inOutput } = toolExchanges(parsed);
  const names = (passage: Passage) => handles.some((handle) => passage.text.includes(handle));
  let found: Passage | undefined;
  for (let position = 0; position < parsed.passages.length; position++) {
    if (inOutput[position] !== 1) continue;
    const passage = parsed.passages[position] as Passage;
    const status = STATUS_LINE.exec(withoutHeader(passage.text))?.groups?.value;
    if (status === undefined || !OVER.test(status)) continue;
    // The output is about the job when its call names it, or the output's own first line does.
    const call = partner[position] as number;
    const start = call >= 0 && inOutput[call] === 0 ? (partner[call] as number) : position;
    const about =
      (call >= 0 && names(parsed.passages[call] as Passage)) ||
      (start >= 0 && names(parsed.passages[start] as Passage)) ||
      names(passage);
    if (about) found = passage;
  }
  return found;
}

// An output reporting that a command took effect: "rollout started", "created", "deployed", "applied".
const TOOK_EFFECT =
  /\b(?:started|created|deployed|applied|completed|succeeded|rolled out|published|released|tagged|pushed|merged|scheduled)\b/i;
const WENT_WRONG = /\b(?:error|errors|failed|failure|denied|refused|not found|aborted)\b|\(failed\)/i;

// A command line: a program name, then at least one flag ("deployctl rollout --region eu-west-1").
const COMMAND = /^[a-z][\w.-]*\s+\S.*\s--?[a-z]/i;

/**
 * For an action that is a command line, the output of a tool call that already ran it word for word and
 * reported it took effect ("rollout started: …"): running it again repeats work done. Undefined when the
 * action is no command, was not run, or its run failed.
 */
export function alreadyRun(parsed: ParsedArtifact, action: string): Passage | undefined {
  const command = action.trim().replace(/\.$/, '');
  if (!COMMAND.test(command)) return undefined;
  const { partner, inOutput } = toolExchanges(parsed);
  let found: Passage | undefined;
  for (let position = 0; position < parsed.passages.length; position++) {
    const call = parsed.passages[position] as Passage;
    if (inOutput[position] === 1 || !call.text.includes(command)) continue;
    const output = partner[position] as number;
    if (output < 0 || inOutput[output] !== 1) continue;
    const result = parsed.passages[output] as Passage;
    if (TOOK_EFFECT.test(result.text) && !WENT_WRONG.test(result.text)) found = result;
  }
  return found;
}

// A value an action names: a host, an address, a version, a path or a handle ("api.example.com", "10.0.0.7",
// "v2.3.1", "bf-20931"): letters or digits joined by dots, dashes, underscores, colons or slashes, at least one
// of which joins them.
const VALUE = /(?<![\w.:/-])[A-Za-z0-9]+(?:[.:/_-][A-Za-z0-9]+)+(?![\w:/-]|\.\w)/g;

/** What a value is set to follows one of these: "pointing at 10.0.0.7", "to 2.3.1", "= 8080". */
const SET_TO = /(?:\b(?:to|at|as|into)|=|->|→)\s+$/i;

/**
 * For an action that sets something a value names to another value ("create the A record for api.example.com
 * pointing at 10.0.0.7", "set the image of web-1 to v2.3.1"), the output of a tool call made after the action
 * was first spoken of, that names the thing and not the value, and shows the value in place ("dig +short
 * api.example.com" returning "10.0.0.7"): the state the action would bring about already holds, whoever made
 * it so. Undefined when the action sets no named thing to a value, or no such output shows it.
 */
export function inEffect(parsed: ParsedArtifact, action: string): Passage | undefined {
  const values = [...action.matchAll(VALUE)];
  // The value set is the last one, after "to" or "at"; what it is set on is another value of the action.
  const target = values.at(-1);
  if (target === undefined || values.length < 2 || !/\d/.test(target[0])) return undefined;
  if (!SET_TO.test(action.slice(0, target.index))) return undefined;
  const objects = values.slice(0, -1).map((match) => match[0]);
  const holds = (text: string, value: string) => wholeValueIn(text, value);
  const { partner, inOutput } = toolExchanges(parsed);
  let spokenOf = -1;
  let found: Passage | undefined;
  for (let position = 0; position < parsed.passages.length; position++) {
    const passage = parsed.passages[position] as Passage;
    if (inOutput[position] === 1) continue;
    const output = partner[position] as number;
    if (output < 0) {
      if (spokenOf < 0 && holds(passage.text, target[0])) spokenOf = position;
      continue;
    }
    if (spokenOf < 0 || holds(passage.text, target[0])) continue;
    if (!objects.some((object) => holds(passage.text, object))) continue;
    const result = parsed.passages[output] as Passage;
    if (holds(withoutHeader(result.text), target[0]) && !WENT_WRONG.test(result.text)) found = result;
  }
  return found;
}

/** Whether `text` holds `value` whole: not as part of a longer value ("10.0.0.7" in "10.0.0.70"). */
function wholeValueIn(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + value.length] ?? ' ';
    if (
      !/[\w.:/-]/.test(before) &&
      !/[\w:/-]/.test(after) &&
      !/\.\w/.test(text.slice(at + value.length, at + value.length + 2))
    )
      return true;
  }
  return false;
}
