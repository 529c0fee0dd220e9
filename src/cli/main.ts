import { installExitGuards } from './exit-guards.js';
import { runCli } from './run-cli.js';

// Not a top-level await: Node would end with code 13 and no word if the command's promise could never settle.
const guards = installExitGuards();
void runCli(process.argv).then(guards.settle);
