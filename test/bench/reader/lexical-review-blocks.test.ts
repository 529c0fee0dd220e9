import { describe, expect, it } from 'vitest';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const QUOTED = '> const rows = await db.query("SELECT * FROM users WHERE email = \'" + email + "\'");';
const ACTION = 'const rows = await db.query("SELECT * FROM invoices WHERE number = \'" + number + "\'")';

function review(verdict: string): string {
  return transcriptArtifact(150, {
    60: 'tool: Priya Nair reviewed src/users/lookup.ts',
    61: QUOTED,
    62: verdict,
  });
}

describe('lexical reader: code a review comment blocked', () => {
  it('refuses writing the blocked code again, and quotes what the review asks instead', async () => {
    const result = await takeOrRefuse(
      review(
        'Must fix: the query interpolates the email straight into the SQL string. That is an injection hole. Use a $1 placeholder and pass the value separately.',
      ),
      ACTION,
    );
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('placeholder');
  });

  it('takes the code when the comment is a nit, or blocks other code', async () => {
    const nit = await takeOrRefuse(review('nit: a shorter name for rows would read better.'), ACTION);
    expect(nit.response).toBe(`Next step: ${ACTION}.`);
    const other = await takeOrRefuse(
      review('Blocking: this file must not import the legacy logger. Use the shared one.'),
      'logger.warn("lookup failed", { reason })',
    );
    expect(other.response).toBe('Next step: logger.warn("lookup failed", { reason }).');
    const blocked = await takeOrRefuse(review('Blocking: injection hole, use a placeholder.'), ACTION);
    expect(blocked.response).toMatch(/^I will not /);
  });
});
