import { dirname, join } from 'node:path';

/** Where `bench run` and `report` write an HTML report by default: `report.html` beside the store. */
export function defaultReportPath(storePath: string): string {
  return join(storePath === ':memory:' ? '.compactkit' : dirname(storePath), 'report.html');
}
