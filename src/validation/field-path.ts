/** Formats path segments such as `['messages', 3, 'role']` as `messages[3].role`, the way JSON paths read. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? String(segment) : `.${String(segment)}`;
  }
  return path;
}

/** Joins a location (file and line) with a field path: `transcript.jsonl:14: messages[3].role`. */
export function joinWhere(location: string | undefined, path: string): string {
  if (!location) return path;
  return path === '' ? location : `${location}: ${path}`;
}
