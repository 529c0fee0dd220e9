/**
 * Splits words written with spaces, dashes, underscores or camel humps into lower-case parts. A plain loop
 * instead of regular expressions: filler calls this for nearly every identifier it writes.
 */
function partsOf(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let previousLower = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isUpper = code >= 65 && code <= 90;
    const isLower = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (!isUpper && !isLower) {
      if (current !== '') parts.push(current);
      current = '';
      previousLower = false;
      continue;
    }
    // A capital after a lower-case letter or digit starts a new word: `invoiceLines` → invoice, lines.
    if (isUpper && previousLower && current !== '') {
      parts.push(current);
      current = '';
    }
    current += isUpper ? String.fromCharCode(code + 32) : text[index];
    previousLower = isLower;
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** `invoice lines` → `invoiceLines`. */
export function camelCase(text: string): string {
  return partsOf(text)
    .map((part, index) => (index === 0 ? part : capitalize(part)))
    .join('');
}

/** `invoice lines` → `InvoiceLines`. */
export function pascalCase(text: string): string {
  return partsOf(text).map(capitalize).join('');
}

/** `invoiceLines` → `invoice_lines`. */
export function snakeCase(text: string): string {
  return partsOf(text).join('_');
}

/** `invoiceLines` → `invoice-lines`. */
export function kebabCase(text: string): string {
  return partsOf(text).join('-');
}

/** `invoiceLines` → `INVOICE_LINES`. */
export function upperSnakeCase(text: string): string {
  return snakeCase(text).toUpperCase();
}

/** The first letter in upper case, the rest as given. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English plural of a regular noun: `entry` → `entries`, `batch` → `batches`, `invoice` → `invoices`. */
export function pluralize(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
