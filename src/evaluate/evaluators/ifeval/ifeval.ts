import type { Evaluator, Example, Scores, SystemOutput } from '../../types.js';
import { INSTRUCTION_CHECKS, type InstructionArguments } from './ifeval-instructions.js';

/**
 * The loose variants of a response (IFEval paper, section 3): as given, without markdown asterisks, without
 * its first line, its last line or both, and those without asterisks. Loose passes when any variant passes.
 */
export function looseVariants(response: string): string[] {
  const lines = response.split('\n');
  const removeFirst = lines.slice(1).join('\n').trim();
  const removeLast = lines.slice(0, -1).join('\n').trim();
  const removeBoth = lines.slice(1, -1).join('\n').trim();
  const unstar = (value: string) => value.replaceAll('*', '');
  return [
    response,
    unstar(response),
    removeFirst,
    removeLast,
    removeBoth,
    unstar(removeFirst),
    unstar(removeLast),
    unstar(removeBoth),
  ];
}

/** The instructions of an example: `instruction_id_list` and `kwargs` as IFEval publishes them. */
function instructionsOf(example: Example): { id: string; kwargs: InstructionArguments }[] {
  const ids = example.instruction_id_list;
  if (!Array.isArray(ids)) return [];
  const kwargs = Array.isArray(example.kwargs) ? example.kwargs : [];
  return ids.map((id, index) => {
    if (typeof id !== 'string' || INSTRUCTION_CHECKS[id] === undefined)
      throw new Error(`unknown IFEval instruction id ${JSON.stringify(id)}`);
    const given: unknown = kwargs[index];
    // The published rows carry every argument name with null for the unused ones.
    const clean: Record<string, unknown> = {};
    if (given !== null && typeof given === 'object')
      for (const [key, value] of Object.entries(given)) if (value !== null) clean[key] = value;
    return { id, kwargs: clean };
  });
}

/**
 * IFEval: `prompt_level_strict` / `prompt_level_loose` (1 when every instruction is followed) and
 * `inst_level_strict` / `inst_level_loose` (the share followed), over the official instruction ids.
 */
export function ifeval(): Evaluator {
  return {
    name: 'ifeval',
    score(original: Example, processed: SystemOutput): Scores {
      const instructions = instructionsOf(original);
      if (instructions.length === 0) return {};
      const response = processed.response;
      const variants = looseVariants(response).filter((variant) => variant.trim() !== '');
      let strict = 0;
      let loose = 0;
      for (const { id, kwargs } of instructions) {
        const check = INSTRUCTION_CHECKS[id] as (response: string, kwargs: InstructionArguments) => boolean;
        const strictPass = response.trim() !== '' && check(response, kwargs);
        if (strictPass) strict += 1;
        if (strictPass || variants.some((variant) => check(variant, kwargs))) loose += 1;
      }
      const total = instructions.length;
      return {
        prompt_level_strict: strict === total ? 1 : 0,
        inst_level_strict: strict / total,
        prompt_level_loose: loose === total ? 1 : 0,
        inst_level_loose: loose / total,
      };
    },
  };
}
