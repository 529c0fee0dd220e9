import type { ArtifactSectionName } from '../../artifact/artifact-sections.js';
import type { CueHits } from './cue-matcher.js';

/** One quotable piece of an artifact text (a line, or a sentence of a long line), read once. */
export interface Passage {
  /** Reading order: 0 for the first passage. */
  position: number;
  /** 1-based line of the artifact text. */
  line: number;
  section: ArtifactSectionName;
  /** The passage as written, without a list marker. */
  text: string;
  /** `normalizeText(text)`. */
  normalized: string;
  /**
   * The stem of each word of `normalized`, in order, as an id of the vocabulary that read it: `stemIds` from
   * `stemStart` up to `stemEnd` (a buffer the passages read with it share).
   */
  stemIds: Uint32Array;
  stemStart: number;
  stemEnd: number;
  /** The cue phrases it holds, by kind. */
  cues: CueHits;
  /** The ids of every kind of `cues`, together: what an artifact's cue frequencies count. */
  cueIds: readonly number[];
  /** 1 when it looks like a fact (a number, a path or a URL), else 0: counted with the fact cues. */
  factShape: number;
}
