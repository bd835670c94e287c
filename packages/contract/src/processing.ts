/**
 * What a user is told when the server's file readers (worker threads that sniff, summarise and convert files) are
 * shared out: each person has a bounded queue of file work waiting, and a request they abandon stops its work.
 */

export const PROCESSING_MESSAGES = {
  /** 429: the person already has this many file reads waiting (summaries, network views, …). */
  busy: (waiting: number) =>
    `You already have ${waiting} file reads waiting (summaries, network views, file checks); try again when one of them has answered.`,
  /** What a cancelled request "answers"; nobody reads it, since the client has gone. */
  cancelled: 'The request was cancelled: the client closed the connection before the file was read.',
} as const;
