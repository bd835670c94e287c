/**
 * stopwatch.csv as MATSim's IterationStopWatch writes it: `iteration`, every `BEGIN x`/`END x` mark (wall clock
 * `HH:mm:ss`), one empty column, then every operation x with its duration `HH:MM:SS`; missing values are empty.
 */
import { formatTime, writeOutput } from '@corridor/matsim';

interface IterationMarks {
  iteration: number;
  /** Mark name (`BEGIN x`) → epoch ms. */
  marks: Map<string, number>;
}

const two = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

export class StopwatchWriter {
  private readonly iterations: IterationMarks[] = [];
  /** Column order: first appearance over all iterations, as MATSim keeps it. */
  private readonly markNames: string[] = [];
  private readonly operations: string[] = [];

  /** `now` is injectable so tests get fixed times. */
  constructor(private readonly path: string, private readonly now: () => number = Date.now) {}

  beginIteration(iteration: number): void {
    this.iterations.push({ iteration, marks: new Map() });
    this.begin('iteration');
  }

  begin(operation: string): void {
    this.mark(`BEGIN ${operation}`);
  }

  end(operation: string): void {
    this.mark(`END ${operation}`);
    if (!this.operations.includes(operation)) this.operations.push(operation);
  }

  /** Ends the iteration and rewrites the file. */
  async endIteration(): Promise<void> {
    this.end('iteration');
    await writeOutput(this.path, this.lines());
  }

  /** The operations' durations of an iteration in milliseconds (the file rounds them to seconds). */
  durations(iteration: number): Record<string, number> {
    const marks = this.iterations.find((entry) => entry.iteration === iteration)?.marks;
    const out: Record<string, number> = {};
    for (const operation of this.operations) {
      const begin = marks?.get(`BEGIN ${operation}`);
      const end = marks?.get(`END ${operation}`);
      if (begin !== undefined && end !== undefined) out[operation] = end - begin;
    }
    return out;
  }

  private mark(name: string): void {
    const current = this.iterations[this.iterations.length - 1];
    if (!current) throw new Error('stopwatch: no iteration has begun');
    current.marks.set(name, this.now());
    if (!this.markNames.includes(name)) this.markNames.push(name);
  }

  private *lines(): Generator<string> {
    yield `${['iteration', ...this.markNames, '', ...this.operations].join(';')}\n`;
    for (const { iteration, marks } of this.iterations) {
      const cells = [String(iteration)];
      for (const name of this.markNames) {
        const at = marks.get(name);
        cells.push(at === undefined ? '' : clock(at));
      }
      cells.push('');
      for (const operation of this.operations) {
        const begin = marks.get(`BEGIN ${operation}`);
        const end = marks.get(`END ${operation}`);
        cells.push(begin === undefined || end === undefined ? '' : formatTime((end - begin) / 1000));
      }
      yield `${cells.join(';')}\n`;
    }
  }
}
