import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv);
