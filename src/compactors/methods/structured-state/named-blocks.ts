/**
 * The part of a long configuration-like output that the conversation names: "show me what notification-consumer
 * actually gets" asks for the block under `notification-consumer:` in the printed compose file, not for the lines
 * that happen to hold a number. Read by indentation, so YAML, TOML-like and indented listings all qualify.
 */

// A compound identifier people type as it is written in config ("notification-consumer", "session_cache",
// "api-gateway-2"): two or more parts joined by "-" or "_", long enough not to be an everyday compound.
const COMPOUND = /(?<![\w.-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w-])/g;
const MIN_COMPOUND = 10;
// A line opening a block: `name:` alone (YAML), or `[name]` (a section header).
const OPENER = /^(\s*)(?:([\w.-]+):|\[([\w.-]+)\])\s*$/;
// How many lines under one key are kept, and how many blocks per output: a named block is a few settings.
const MAX_BLOCK_LINES = 6;
const MAX_BLOCKS = 3;

/** The compound identifiers a person or the agent wrote, lower-cased. */
export function compoundNames(text: string): string[] {
  return (text.toLowerCase().match(COMPOUND) ?? []).filter((name) => name.length >= MIN_COMPOUND);
}

/**
 * One line per block of `content` opened by a key the conversation names (`names`, lower-cased): the key, then
 * the lines nested under it, joined with " | " ("notification-consumer: | environment: | REDIS_URL: redis://…").
 */
export function namedBlocks(content: string, names: ReadonlySet<string>): string[] {
  if (names.size === 0) return [];
  const lines = content.split(/\r?\n/);
  const blocks: string[] = [];
  for (let index = 0; index < lines.length && blocks.length < MAX_BLOCKS; index++) {
    const opener = OPENER.exec(lines[index] as string);
    const key = opener?.[2] ?? opener?.[3];
    if (opener === null || key === undefined || !names.has(key.toLowerCase())) continue;
    const depth = (opener[1] as string).length;
    const section = opener[3] !== undefined;
    const kept = [(lines[index] as string).trim()];
    let next = index + 1;
    for (; next < lines.length && kept.length <= MAX_BLOCK_LINES; next++) {
      const line = lines[next] as string;
      if (line.trim() === '') continue;
      const indent = line.length - line.trimStart().length;
      // A section runs to the next header; an indented block, while its lines sit deeper than its key.
      if (section ? OPENER.test(line) && line.trim().startsWith('[') : indent <= depth) break;
      kept.push(line.trim());
    }
    if (kept.length > 1) blocks.push(kept.join(' | '));
    index = next - 1;
  }
  return blocks;
}
