/**
 * An error as users may read it (job messages, processing logs): the message only — never the stack — with absolute
 * host paths cut to their last part (`/srv/corridor/data/files/ab/abc.bin` → `abc.bin`). The details stay in the
 * server's own log.
 */
const ABSOLUTE_PATH = /(?<=^|[\s'"`(=,:])(?:[A-Za-z]:)?(?:[\\/][^\s'"`\\/]+)*[\\/]([^\s'"`\\/]+)/g;

export function userMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(ABSOLUTE_PATH, (_path, name: string) => name);
}
