import { ValidationError } from '../errors.js';
import { assignTurns } from '../messages/assign-turns.js';
import type { Message } from '../messages/types.js';
import type { LoopRecord, Session } from './types.js';

/** A new loop record; messages without a turn index get one (a turn starts at each user message). */
export function createLoopRecord(input: {
  id: string;
  parentId?: string;
  messages: readonly Message[];
}): LoopRecord {
  return {
    id: input.id,
    ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    messages: numbered(input.messages),
  };
}

/** A new session holding the given loops. Loop ids must be unique. */
export function createSession(id: string, loops: LoopRecord[] = []): Session {
  const seen = new Set<string>();
  for (const loop of loops) {
    if (seen.has(loop.id))
      throw new ValidationError([{ where: `session ${id}`, message: `duplicate loop id "${loop.id}"` }]);
    seen.add(loop.id);
  }
  return { id, loops };
}

/**
 * Appends messages to one loop and returns a new session. The loop's existing messages and its compaction
 * block are kept as they are: new turns load raw until the next compaction covers them.
 */
export function appendToLoop(session: Session, loopId: string, messages: readonly Message[]): Session {
  const loop = session.loops.find((candidate) => candidate.id === loopId);
  if (!loop)
    throw new ValidationError([{ where: `session ${session.id}`, message: `no loop with id "${loopId}"` }]);
  // Numbering continues from the loop's own turns; only the appended tail is kept from the renumbered copy.
  const added = assignTurns([...loop.messages, ...messages]).slice(loop.messages.length);
  const updated: LoopRecord = { ...loop, messages: [...loop.messages, ...added] };
  return {
    ...session,
    loops: session.loops.map((candidate) => (candidate.id === loopId ? updated : candidate)),
  };
}

/** Assigns turns to unnumbered messages (a turn starts at each user message). */
function numbered(messages: readonly Message[]): Message[] {
  return messages.every((message) => message.turn !== undefined) ? [...messages] : assignTurns(messages);
}
