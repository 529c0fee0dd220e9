/** One `<g class="mark-… role-mark …">` group of a vega SVG and the elements drawn in it. */
export interface MarkGroup {
  /** rect, symbol, line, rule, text… */
  mark: string;
  /** The opening tag of every element in the group. */
  elements: string[];
  /** The content of every `<text>` in the group, unescaped. */
  texts: string[];
}

/** The data-mark groups of a chart, in document order (what the browser test counts). */
export function markGroups(svg: string): MarkGroup[] {
  // Vega writes an empty mark group as `<g …/>`.
  return [...svg.matchAll(/<g class="mark-([\w-]+) role-mark\b[^"]*"[^>]*?(?:\/>|>(.*?)<\/g>)/g)].map(
    (match) => {
      const content = match[2] ?? '';
      // Vega puts only leaf elements in a mark group; a nested group would make the lazy match above wrong.
      if (content.includes('<g')) throw new Error(`mark group ${match[1]} holds a nested group`);
      return {
        mark: match[1] ?? '',
        elements: [...content.matchAll(/<(?:path|rect|text|line)\b[^>]*>/g)].map((element) => element[0]),
        texts: [...content.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((text) =>
          unescapeXml(text[1] ?? ''),
        ),
      };
    },
  );
}

/** How many elements the data-mark groups of one mark type hold. */
export function countMarks(svg: string, mark: string): number {
  return markGroups(svg)
    .filter((group) => group.mark === mark)
    .reduce((sum, group) => sum + group.elements.length, 0);
}

/** The texts of the elements of one mark type, unescaped for comparison. */
export function markTexts(svg: string, mark: string): string[] {
  return markGroups(svg)
    .filter((group) => group.mark === mark)
    .flatMap((group) => group.texts);
}

/** The labels of each axis, axes in document order, labels unescaped. */
export function axisLabels(svg: string): string[][] {
  return [...svg.matchAll(/<g class="mark-text role-axis-label"[^>]*>(.*?)<\/g>/g)].map((group) =>
    [...(group[1] ?? '').matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((text) => unescapeXml(text[1] ?? '')),
  );
}

/**
 * Problems that would let the markup misparse when inlined in HTML: unbalanced tags, attributes with a raw
 * quote or angle bracket, and `&` that does not start an entity. Empty when the SVG is well formed.
 */
export function markupProblems(svg: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const bareAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/;
  for (const token of svg.split(/(<[^>]*>)/).filter((part) => part !== '')) {
    if (!token.startsWith('<')) {
      if (token.includes('>') || bareAmpersand.test(token)) problems.push(`unescaped text: ${token}`);
      continue;
    }
    if (token.startsWith('</')) {
      const name = token.slice(2, -1);
      if (open.pop() !== name) problems.push(`unexpected ${token}`);
      continue;
    }
    const tag = /^<([\w:-]+)((?: [\w:-]+="[^"<>]*")*)(\/?)>$/.exec(token);
    if (tag === null) {
      problems.push(`malformed tag: ${token}`);
      continue;
    }
    if (bareAmpersand.test(tag[2] ?? '')) problems.push(`unescaped attribute: ${token}`);
    if (tag[3] !== '/') open.push(tag[1] ?? '');
  }
  if (open.length > 0) problems.push(`unclosed: ${open.join(', ')}`);
  return problems;
}

/** Everything that must not be in a chart served under `default-src 'none'` with no scripts. */
export function externalReferences(svg: string): string[] {
  return [/https?:/i, /<script/i, /foreignObject/i, /href=/i, /url\((?!#)/i, /@import/i, /<image/i]
    .filter((pattern) => pattern.test(svg))
    .map((pattern) => pattern.source);
}

/** Every element id of a chart. */
export function elementIds(svg: string): string[] {
  return [...svg.matchAll(/ id="([^"]*)"/g)].map((match) => match[1] ?? '');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
