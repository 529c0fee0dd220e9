/** Text in English and, optionally, in the seed's Chinese. */
export interface LocalizedText {
  en: string;
  zh?: string;
}

/** One criterion: what the judge asks, and what a 0, a 3 and a 5 look like. */
export interface RubricCriterion {
  id: string;
  /** Weight within its dimension (a dimension's score is the weighted mean of its criteria). */
  weight: number;
  question: LocalizedText;
  anchors: { 0: LocalizedText; 3: LocalizedText; 5: LocalizedText };
}

/** One dimension of the rubric and its criteria. */
export interface RubricDimension {
  id: string;
  name: LocalizedText;
  criteria: RubricCriterion[];
}

/** A whole rubric: dimensions of criteria. The overall score is the unweighted mean of the dimensions. */
export interface Rubric {
  id: string;
  version: string;
  dimensions: RubricDimension[];
}
