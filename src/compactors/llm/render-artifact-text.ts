// LLM methods show a previous artifact to the model as the text the benchmark renders, and measure budgets on it.
export {
  oneLine,
  renderArtifact as renderArtifactText,
  STATE_LIST_HEADINGS,
  type StateListKey,
} from '../../artifact/render-artifact.js';
