/** What replaces a secret found in text that is kept or shown. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each non-empty secret in the text. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length > 0) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/** A URL without credentials, query or fragment, where gateways sometimes put keys. */
export function sanitizeUrl(text: string): string {
  try {
    const url = new URL(text);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return text.replace(/[?#].*$/, '');
  }
}
