/**
 * Text as a Markdown code span that shows exactly that text. Inside a code span nothing is decoded (an entity
 * such as `&lt;` or a backslash escape shows as typed) and nothing is markup, so the text goes in raw: the
 * fence is one backtick longer than the longest run of backticks in it, and a space pads a text that starts or
 * ends with a backtick (CommonMark 6.1 strips one such space from each side). Line breaks become spaces.
 * `inTable` escapes `|`, which GitHub's tables split cells on before reading code spans (and then unescape).
 * @example markdownCodeSpan('a<b>`c`') // "`` a<b>`c` ``"
 */
export function markdownCodeSpan(text: string, options: { inTable?: boolean } = {}): string {
  let content = text.replace(/\s+/g, ' ').trim();
  if (options.inTable === true) content = content.replace(/\|/g, '\\|');
  if (content === '') return '` `';
  const longestRun = Math.max(0, ...Array.from(content.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}
