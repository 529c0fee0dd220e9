import { describe, expect, it } from 'vitest';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A person says a job runs; later the assistant asks the scheduler, which reports it over.
function withStatus(status: string): string {
  return transcriptArtifact(120, {
    10: '[turn 1] user: the reindex for the catalog is in flight, job rx_7712 is working through it.',
    60: '[turn 6] assistant calls run_command {"command":"scheduler show rx_7712"}',
    61: '[turn 6] tool run_command: id: rx_7712',
    62: `status: ${status}`,
    63: 'documents: 2,418,000',
  });
}

describe('lexical reader: a tool reporting a job over outranks saying it still runs', () => {
  it('refuses to say a job is still running once its status reads finished, quoting the status', async () => {
    const { response } = await takeOrRefuse(withStatus('succeeded'), 'say rx_7712 is still running');
    expect(response).toMatch(/^I will not/);
    expect(response).toContain('status: succeeded');
  });

  it('says it runs when the status it reports is itself under way', async () => {
    const { response } = await takeOrRefuse(withStatus('running'), 'say rx_7712 is still running');
    expect(response).toBe('Next step: say rx_7712 is still running.');
  });
  it('refuses to run again a command already run word for word that took effect', async () => {
    const ran = (result: string) =>
      transcriptArtifact(120, {
        20: '[turn 2] assistant calls run_command {"command":"shipit promote --env staging --tag web-2.8.0"}',
        21: `[turn 2] tool run_command: ${result}`,
      });
    const done = await takeOrRefuse(
      ran('promotion created: staging tag=web-2.8.0'),
      'shipit promote --env staging --tag web-2.8.0',
    );
    expect(done.response).toMatch(/^I will not/);
    expect(done.response).toContain('promotion created');
    const failed = await takeOrRefuse(
      ran('error: tag web-2.8.0 not found'),
      'shipit promote --env staging --tag web-2.8.0',
    );
    expect(failed.response).toBe('Next step: shipit promote --env staging --tag web-2.8.0.');
  });

  it('refuses a plan that waits for a job a tool since reported finished', async () => {
    const { response } = await takeOrRefuse(
      withStatus('done'),
      'wait for rx_7712 to complete, then swap the catalog alias',
    );
    expect(response).toMatch(/^I will not/);
    expect(response).toContain('status: done');
    const running = await takeOrRefuse(
      withStatus('running'),
      'wait for rx_7712 to complete, then swap the catalog alias',
    );
    expect(running.response).toMatch(/^Next step: wait for rx_7712/);
  });
});

// A person lists a setting to make; later a tool that reads the setting shows it already made.
function withReading(reading: string, call = 'getent hosts mail.internal.test'): string {
  return transcriptArtifact(120, {
    8: '[turn 1] user: before the cutover mail.internal.test has to resolve to 10.20.30.41, and the relay needs its allow-list.',
    70: `[turn 7] assistant calls run_command {"command":"${call}"}`,
    71: `[turn 7] tool run_command: ${reading}`,
  });
}

describe('lexical reader: a setting a tool shows in place needs no making', () => {
  const action = 'add a host entry for mail.internal.test pointing at 10.20.30.41';

  it('refuses to make a setting a later tool output shows in place, quoting the output', async () => {
    const { response } = await takeOrRefuse(withReading('10.20.30.41  mail.internal.test'), action);
    expect(response).toMatch(/^I will not/);
    expect(response).toContain('tool run_command: 10.20.30.41');
  });

  it('makes it when the output shows another value, a longer one, or an error', async () => {
    for (const reading of [
      '10.20.30.9  mail.internal.test',
      '10.20.30.411',
      'error: 10.20.30.41 not found',
    ]) {
      const { response } = await takeOrRefuse(withReading(reading), action);
      expect(response).toBe(`Next step: ${action}.`);
    }
  });

  it('makes it when the call that shows the value names the value itself, not the thing set', async () => {
    const { response } = await takeOrRefuse(
      withReading('10.20.30.41 is alive', 'ping -c1 10.20.30.41'),
      action,
    );
    expect(response).toBe(`Next step: ${action}.`);
  });
});
