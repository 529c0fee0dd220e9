import type { CompactionArtifact } from '../../../artifact/compaction-artifact.js';
import { emptyArtifact } from '../../../artifact/empty-artifact.js';
import {
  oneLine,
  renderArtifact,
  STATE_LIST_HEADINGS,
  type StateListKey,
} from '../../../artifact/render-artifact.js';
import { countTextTokens } from '../../../tokens/count-text-tokens.js';

/** One block of the rendered text: the summary, a heading, an item, or the entity map. */
interface Block {
  text: string;
  /** The list it heads or belongs to; -1 for the summary and the entities. */
  list: number;
  present: boolean;
  /** Tokens of the block followed by its line break, and alone (as the text's last block); counted when needed. */
  withBreak?: number;
  alone?: number;
}

/**
 * The token count of an artifact's rendering, kept exact as items leave it, without rendering or counting the
 * whole text again. It rests on what `createLineMemoCounter` rests on: no token crosses a line break that is
 * followed by a non-space, and every rendered line starts with one, so the count is the sum over lines (each
 * with its break) less the last line's break. Removing an item costs the few lines it touches.
 */
export class RenderedTally {
  private readonly blocks: Block[] = [];
  /** Block of each item, by list then index in that list; -1 for an item that renders to nothing. */
  private readonly itemBlocks: number[][] = [];
  private readonly headings: number[] = [];
  private readonly itemsShown: number[] = [];
  private last: number;
  private count: number;

  /** Block of each item of the summary's list (see the constructor), in order. */
  private readonly summaryItems: number[] = [];
  private summaryHeading = -1;

  /**
   * `tokens` is the count of `renderArtifact(artifact)`, which the caller has at hand. When `summaryList` is
   * given, the summary's `- ` lines after the line `summaryList` are items too, taken out with
   * {@link removeSummaryItem}; the heading goes with the last of them.
   */
  constructor(artifact: CompactionArtifact, tokens: number, summaryList?: string) {
    this.count = tokens;
    const summary = artifact.summaryText.trim();
    if (summary !== '') {
      const lines = summary.split('\n');
      const at = summaryList === undefined ? -1 : lines.indexOf(summaryList);
      const head = at < 0 ? lines : lines.slice(0, at);
      if (head.length > 0) this.blocks.push({ text: head.join('\n'), list: -1, present: true });
      if (at >= 0) {
        this.summaryHeading = this.blocks.length;
        this.blocks.push({ text: summaryList as string, list: -1, present: true });
        for (const line of lines.slice(at + 1)) {
          this.summaryItems.push(this.blocks.length);
          this.blocks.push({ text: line, list: -1, present: true });
        }
      }
    }
    const state = artifact.structuredState;
    STATE_LIST_HEADINGS.forEach(({ key, heading }, list) => {
      this.headings.push(this.blocks.length);
      this.blocks.push({ text: `${heading}:`, list, present: false });
      const items = state[key].map((item) => {
        const line = oneLine(item);
        if (line === '') return -1;
        this.blocks.push({ text: `- ${line}`, list, present: true });
        return this.blocks.length - 1;
      });
      this.itemBlocks.push(items);
      this.itemsShown.push(items.filter((block) => block >= 0).length);
      (this.blocks[this.headings[list] as number] as Block).present = (this.itemsShown[list] as number) > 0;
    });
    const entities = renderArtifact({
      ...emptyArtifact(),
      structuredState: { ...emptyArtifact().structuredState, entityMap: state.entityMap },
    });
    if (entities !== '') this.blocks.push({ text: entities, list: -1, present: true });
    this.last = this.blocks.length - 1;
    this.settleLast();
  }

  /** Tokens of the rendering as it stands now. */
  get tokens(): number {
    return this.count;
  }

  /** Takes item `index` of list `key` (an index into the artifact given at construction) out of the text. */
  removeItem(key: StateListKey, index: number): void {
    const list = STATE_LIST_HEADINGS.findIndex((heading) => heading.key === key);
    const at = this.itemBlocks[list]?.[index] ?? -1;
    const block = this.blocks[at];
    if (block === undefined || !block.present) return;
    const lastBefore = this.last;
    block.present = false;
    this.count -= this.withBreak(at);
    this.itemsShown[list] = (this.itemsShown[list] as number) - 1;
    if (this.itemsShown[list] === 0) {
      const heading = this.headings[list] as number;
      (this.blocks[heading] as Block).present = false;
      this.count -= this.withBreak(heading);
    }
    this.settleLast();
    // The last block is counted without its line break: the old one gets its break back, the new one loses it.
    this.count += this.withBreak(lastBefore) - this.alone(lastBefore);
    if (this.last >= 0) this.count -= this.withBreak(this.last) - this.alone(this.last);
  }

  /** Takes item `index` of the summary's list out of the text, and its heading with the last item. */
  removeSummaryItem(index: number): void {
    const at = this.summaryItems[index] ?? -1;
    const block = this.blocks[at];
    if (block === undefined || !block.present) return;
    const lastBefore = this.last;
    block.present = false;
    this.count -= this.withBreak(at);
    if (this.summaryItems.every((item) => !(this.blocks[item] as Block).present)) {
      (this.blocks[this.summaryHeading] as Block).present = false;
      this.count -= this.withBreak(this.summaryHeading);
    }
    this.settleLast();
    this.count += this.withBreak(lastBefore) - this.alone(lastBefore);
    if (this.last >= 0) this.count -= this.withBreak(this.last) - this.alone(this.last);
  }

  private settleLast(): void {
    while (this.last >= 0 && !(this.blocks[this.last] as Block).present) this.last--;
  }

  private withBreak(at: number): number {
    const block = this.blocks[at] as Block;
    block.withBreak ??= countTextTokens(`${block.text}\n`);
    return block.withBreak;
  }

  private alone(at: number): number {
    const block = this.blocks[at] as Block;
    block.alone ??= countTextTokens(block.text);
    return block.alone;
  }
}
