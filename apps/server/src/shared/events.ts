/**
 * The server log as services see it (issue 26): what happened to runs, runners, mail, imports and the installation's
 * administration, one line per event at info with the ids an operator greps for and the acting user; failures at warn
 * or error. `event` is a stable dotted name (`run.scheduled`, `runner.refused`, `user.blocked`, …).
 */
import type { Actor } from './access.ts';

export interface EventLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const nothing = () => undefined;
/** For services built without a log (unit tests). */
export const NO_EVENTS: EventLog = { info: nothing, warn: nothing, error: nothing };

/** The acting user on an event line: id, name and how they signed in (session or API key). */
export function actedBy(actor: Actor | null | undefined): { actorId: number | null; actor?: string; via?: string } {
  return actor ? { actorId: actor.userId, actor: actor.username, via: actor.via } : { actorId: null };
}
