// The renderer lives with the artifact, since compactors measure their budgets on it too; targets read the same bytes.
export { renderArtifact } from '../artifact/render-artifact.js';
