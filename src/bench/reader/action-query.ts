import { contentStems } from './content-words.js';

/** What the inferred rules read of an application item, once per item (see `actionQuery`). */
export interface ActionQuery {
  prompt: string;
  /** The action's content stems: what a rule must ban for the action to break it. */
  actionStems: ReadonlySet<string>;
  /** The action's and the prompt's content stems: what a rule must be about. */
  asked: ReadonlySet<string>;
}

/** The stems of an item's action and prompt; undefined when the action has none, so no rule can apply to it. */
export function actionQuery(prompt: string, action: string): ActionQuery | undefined {
  const actionStems = new Set(contentStems(action));
  if (actionStems.size === 0) return undefined;
  return { prompt, actionStems, asked: new Set([...contentStems(prompt), ...actionStems]) };
}
