/** compactkit bench/leaderboard: comparable runs ranked by elite score, recomputed from stored responses. */
export { buildLeaderboard, type LeaderboardEntry, type LeaderboardSegment } from './build-leaderboard.js';
export { formatLeaderboard } from './format-leaderboard.js';
