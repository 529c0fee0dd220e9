/**
 * The exact 64-bit product of two unsigned 32-bit integers, as its high and low 32-bit words.
 * Works on 16-bit halves so that every intermediate value stays an exact integer below 2^53.
 */
export function multiplyUint32(left: number, right: number): { high: number; low: number } {
  const leftLow = left & 0xffff;
  const leftHigh = left >>> 16;
  const rightLow = right & 0xffff;
  const rightHigh = right >>> 16;
  const lowLow = leftLow * rightLow;
  const highLow = leftHigh * rightLow;
  const lowHigh = leftLow * rightHigh;
  // The three terms that land on bits 16..47; their sum fits easily below 2^53.
  const middle = (lowLow >>> 16) + (highLow & 0xffff) + (lowHigh & 0xffff);
  const high = leftHigh * rightHigh + (highLow >>> 16) + (lowHigh >>> 16) + (middle >>> 16);
  const low = (((middle & 0xffff) << 16) | (lowLow & 0xffff)) >>> 0;
  return { high: high >>> 0, low };
}
