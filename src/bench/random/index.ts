export { type CaseSeedInput, caseSeed, caseSeedText, variableSeed } from './case-seed.js';
export { createPrng, type Prng } from './prng.js';
export { seedFromText } from './seed-from-text.js';
