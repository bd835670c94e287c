/**
 * The worker thread's side of `pool.ts`: runs one task at a time and answers its result, or its error as plain
 * data (`WireError`), which the pool turns back into the error classes callers know.
 *
 * A heap watchdog ends the worker with `MEMORY_EXIT` once its live heap (after a full collection) is above its
 * budget (`workerData.heapMb`). V8's own limit (`resourceLimits`, twice the budget) stays as the backstop: near it
 * V8 collects in vain for many seconds before it gives up, so the watchdog acts well before.
 */
import { MatsimFormatError } from '@corridor/matsim';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { NetworkTooLargeError } from '../modules/files/network-json.ts';
import { ChangesetNotApplicable } from '../modules/jobs/apply-changesets.ts';
import { receiveInput } from './channel.ts';
import { tasks, type TaskName } from './tasks.ts';

export interface TaskMessage {
  id: number;
  task: TaskName;
  args: unknown;
  /** Bytes already in memory, or a port serving the file (`channel.ts`). */
  bytes?: Uint8Array;
  port?: MessagePort;
}

export type WireError =
  | { kind: 'format'; code: MatsimFormatError['code']; reason: string; line?: number; column?: number }
  | { kind: 'network-too-large'; max: number; what: 'links' | 'nodes' }
  | { kind: 'changeset-not-applicable'; message: string }
  | { kind: 'other'; message: string; stack?: string };

export type ResultMessage = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

function toWire(err: unknown): WireError {
  if (err instanceof MatsimFormatError) return { kind: 'format', code: err.code, reason: err.reason, line: err.line, column: err.column };
  if (err instanceof NetworkTooLargeError) return { kind: 'network-too-large', max: err.max, what: err.what };
  if (err instanceof ChangesetNotApplicable) return { kind: 'changeset-not-applicable', message: err.message };
  return err instanceof Error ? { kind: 'other', message: err.message, stack: err.stack } : { kind: 'other', message: String(err) };
}

/** The exit code of a worker ended by its heap watchdog. */
export const MEMORY_EXIT = 90;

function watchHeap(heapMb: number): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const tooHigh = () => getHeapStatistics().used_heap_size > heapMb * 2 ** 20;
  setInterval(() => {
    if (!tooHigh()) return;
    gc();
    if (tooHigh()) process.exit(MEMORY_EXIT);
  }, 100).unref();
}

watchHeap((workerData as { heapMb: number }).heapMb);
const port = parentPort!;
port.on('message', (message: TaskMessage) => {
  const input = message.bytes ?? receiveInput(message.port!);
  const run = tasks[message.task] as (input: unknown, args: unknown) => Promise<unknown>;
  run(input, message.args).then(
    (value) => {
      // Bytes (PNGs, inflated content) are moved, not copied.
      const transfer = value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer as ArrayBuffer] : [];
      port.postMessage({ id: message.id, ok: true, value } satisfies ResultMessage, transfer);
    },
    (err: unknown) => port.postMessage({ id: message.id, ok: false, error: toWire(err) } satisfies ResultMessage),
  );
});
