/**
 * How a MATSim run's logfile.log tells that the run ended (MatsimRuntimeModifications): every run, also a failed
 * one, ends with "S H U T D O W N   ---   shutdown completed."; a failed one logs "ERROR --- This is an unexpected
 * shutdown!" before, usually with "Shutdown possibly caused by the following Exception:" and the exception on the
 * next line.
 */
export type RunEnd = { status: 'FINISHED' } | { status: 'FAILED'; message: string };

const COMPLETED = /S H U T D O W N\s+---\s+shutdown completed/;
const UNEXPECTED = /ERROR --- This is an unexpected shutdown!/;
const CAUSE = /Shutdown possibly caused by the following Exception:/;

export const UNEXPECTED_SHUTDOWN = 'MATSim reported an unexpected shutdown';

export class RunEndDetector {
  /** Set once the log said the run ended. */
  ended: RunEnd | undefined;
  private unexpected = false;
  private cause: string | undefined;
  private causeNext = false;

  push(line: string): void {
    if (this.ended) return;
    const text = line.trim();
    if (this.causeNext && text !== '') {
      this.cause = text.slice(0, 500);
      this.causeNext = false;
    }
    if (UNEXPECTED.test(text)) this.unexpected = true;
    if (CAUSE.test(text)) this.causeNext = true;
    if (COMPLETED.test(text)) this.ended = this.unexpected ? { status: 'FAILED', message: this.failure() } : { status: 'FINISHED' };
  }

  /** Why the run failed, as far as the log tells. */
  failure(): string {
    return this.cause ? `${UNEXPECTED_SHUTDOWN}: ${this.cause}` : `${UNEXPECTED_SHUTDOWN}.`;
  }

  /** Whether the log reported an unexpected shutdown (the run failed, even if it never said "shutdown completed"). */
  get failed(): boolean {
    return this.unexpected;
  }
}
