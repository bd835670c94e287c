/**
 * A bounded pool of worker threads for reading user files off the main event loop. Each worker runs one task at a
 * time under a heap limit (`resourceLimits`); a task that runs out of heap or time ends its worker, which is
 * replaced by a fresh one for the next task, and the caller gets `TooLargeToProcessError`. Tasks beyond the pool
 * size wait in a queue. Idle workers end after a while, so memory returns to the idle level.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { serveInput } from './channel.ts';
import { TooLargeToProcessError } from './errors.ts';
import type { TaskArgs, TaskName, TaskResult } from './tasks.ts';
import type { ResultMessage, TaskMessage, WireError } from './worker.ts';

/** `worker.ts` MEMORY_EXIT (not imported: that module runs the worker when loaded). */
const MEMORY_EXIT = 90;

export interface PoolOptions {
  size: number;
  /** Live heap budget of a worker in MiB (`worker.ts` watchdog); V8's hard limit is twice that. */
  heapMb: number;
  idleMs: number;
}

/** What a task reads: bytes in memory, or a stream the main thread only forwards. */
export type TaskInput = Uint8Array | AsyncIterable<Uint8Array>;

interface Pending {
  id: number;
  message: Omit<TaskMessage, 'id' | 'port' | 'bytes'>;
  input: TaskInput;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

interface Slot {
  worker: Worker;
  task: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

const ENTRY = new URL('./bootstrap.mjs', import.meta.url);

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly decodeError: (error: WireError) => Error,
  ) {}

  run<K extends TaskName>(task: K, args: TaskArgs<K>, input: TaskInput, timeoutMs: number): Promise<TaskResult<K>> {
    if (this.closed) return Promise.reject(new Error('The server is shutting down.'));
    // A stream that fails while the task waits (a blob removed meanwhile) fails the task when it is read, not the process.
    if ('on' in input && typeof input.on === 'function') input.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, message: { task, args }, input, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Ends every worker; queued tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new Error('The server is shutting down.');
    for (const task of this.queue.splice(0)) task.reject(stopping);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, stopping)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((s) => s.task === null) ?? (this.slots.size < this.options.size ? this.spawn() : null);
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(ENTRY, {
      workerData: { heapMb: this.options.heapMb },
      resourceLimits: { maxOldGenerationSizeMb: 2 * this.options.heapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, task: null, idleTimer: null };
    worker.on('message', (message: ResultMessage) => this.finish(slot, message));
    const outOfMemory = () => new TooLargeToProcessError(`it needs more than ${this.options.heapMb} MiB of memory`);
    worker.on('error', (err: Error & { code?: string }) => this.fail(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : err));
    worker.on('exit', (code) => this.fail(slot, code === MEMORY_EXIT ? outOfMemory() : new Error('The file reader stopped unexpectedly.')));
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, task: Pending): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.task = task;
    const message: TaskMessage = { id: task.id, ...task.message };
    let stopInput = () => {};
    if (task.input instanceof Uint8Array) {
      message.bytes = task.input;
      slot.worker.postMessage(message);
    } else {
      const channel = new MessageChannel();
      stopInput = serveInput(channel.port1, task.input).stop;
      message.port = channel.port2;
      slot.worker.postMessage(message, [channel.port2]);
    }
    const timer = setTimeout(() => {
      this.fail(slot, new TooLargeToProcessError(`reading it takes longer than ${task.timeoutMs / 1000} s`));
    }, task.timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      stopInput();
    };
    const { resolve, reject } = task;
    task.resolve = (value) => (settle(), resolve(value));
    task.reject = (err) => (settle(), reject(err));
  }

  private finish(slot: Slot, message: ResultMessage): void {
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    slot.task = null;
    if (message.ok) task.resolve(message.value);
    else task.reject(this.decodeError(message.error));
    this.idle(slot);
  }

  /** The running task fails and the worker is ended (it may be out of memory, or busy for too long). */
  private fail(slot: Slot, err: Error): void {
    if (!this.slots.has(slot)) return;
    void this.retire(slot, err);
    this.dispatch();
  }

  private idle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => void this.retire(slot), this.options.idleMs);
    slot.idleTimer.unref();
    this.dispatch();
  }

  /** Ends the worker; a task it was running fails with `err`. */
  private async retire(slot: Slot, err?: Error): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    const task = slot.task;
    slot.task = null;
    task?.reject(err ?? new Error('The file reader was stopped.'));
    await slot.worker.terminate();
  }
}
