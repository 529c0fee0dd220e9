import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function answer(rule: string, prompt: string, temptingDefault: string) {
  const artifactText = transcriptArtifact(150, { 25: rule });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

describe("lexical reader: what a rule's exception allows, for another case", () => {
  const RETENTION =
    'user: retention policy: logs are kept for 30 days everywhere, the audit trail being the one exception, that one keeps entries for seven years.';
  const SEVEN_YEARS = 'keep the entries for seven years';

  it('refuses it for a case the exception does not name, quoting the rule (exception after its case)', async () => {
    const result = await answer(
      RETENTION,
      'How long do you keep the request logs of the gateway?',
      SEVEN_YEARS,
    );
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('30 days');
    expect(result.response).not.toContain('audit trail');
    const audit = await answer(RETENTION, 'How long do you keep the audit trail?', SEVEN_YEARS);
    expect(audit.response).not.toMatch(/^I will not /);
  });

  it('reads an exception said before its case the same way', async () => {
    const secrets =
      'user: every service reads its secrets from Vault, except the legacy invoicing box, which still reads them from /etc/app/secrets.env.';
    const fromFile = 'read the secrets from /etc/app/secrets.env';
    const billing = await answer(secrets, 'Where does the payouts service read its secrets from?', fromFile);
    expect(billing.response).toMatch(/^I will not /);
    expect(billing.response).toContain('Vault');
    const legacy = await answer(
      secrets,
      'Where does the legacy invoicing box read its secrets from?',
      fromFile,
    );
    expect(legacy.response).not.toMatch(/^I will not /);
  });
});

describe('lexical reader: what happens to everything else is the rule, not its exception', () => {
  const RULE =
    'user: release desk rules: no deploys after 21:00, barring rollbacks. anything else waits in the release queue until morning. a rollback goes out through the hotfix pipeline.';

  it("refuses the rule's other branch for the excepted case, and quotes the exception", async () => {
    const result = await answer(
      RULE,
      'What do you do with the rollbacks of the search service tonight?',
      'put it in the release queue until morning',
    );
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('hotfix pipeline');
  });
});
