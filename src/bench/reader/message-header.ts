// "[turn 5] tool read_file: ", "[turn 5] tool git (failed): ", "[turn 5] assistant calls git ", "[turn 6] user: ": who speaks, not what is said.
const HEADER =
  /^(?:\[turn \d+\]\s*)?(?:tool\b\s*[^\s:]{0,80}(?: \(failed\))?:|assistant calls \S+|(?:user|assistant|system):)\s*/;

/** A passage's text without the transcript header that says who speaks (a tool's name is no value of it). */
export function withoutHeader(text: string): string {
  return text.replace(HEADER, '');
}
