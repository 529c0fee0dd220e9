#!/usr/bin/env node
// Kept in git (and executable) so the bin link is valid before `npm run build` has produced dist/.
import '../dist/cli/main.js';
