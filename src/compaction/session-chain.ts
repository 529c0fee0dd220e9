import { ValidationError } from '../errors.js';
import type { LoopRecord, Session } from './types.js';

/** The loops from the root to `currentLoopId`, following `parentId`. Throws on an unknown id or a cycle. */
export function activeChain(session: Session, currentLoopId: string): LoopRecord[] {
  const byId = new Map(session.loops.map((loop) => [loop.id, loop]));
  const chain: LoopRecord[] = [];
  const seen = new Set<string>();
  let id: string | undefined = currentLoopId;
  while (id !== undefined) {
    const loop = byId.get(id);
    if (!loop) {
      const where = chain.length === 0 ? 'currentLoopId' : `loop ${chain[0]?.id}.parentId`;
      throw new ValidationError([
        { where: `session ${session.id}: ${where}`, message: `no loop with id "${id}"` },
      ]);
    }
    if (seen.has(id)) {
      throw new ValidationError([
        { where: `session ${session.id}: loop ${id}`, message: 'parentId links form a cycle' },
      ]);
    }
    seen.add(id);
    chain.unshift(loop);
    id = loop.parentId;
  }
  return chain;
}
