/** True when a UTF-16 code unit is whitespace as the tokenizers' `\s` sees it (JavaScript's `\s`). */
export function isWhitespaceCode(code: number): boolean {
  // Printable ASCII decides almost every call, so it is tested first.
  if (code > 0x20 && code < 0x7f) return false;
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
