/**
 * A bounded pool of worker threads for reading user files off the main event loop. Each worker runs one task at a
 * time under a heap limit (`resourceLimits`); a task that runs out of heap or time ends its worker, which is
 * replaced by a fresh one for the next task, and the caller gets `TooLargeToProcessError`. Idle workers end after a
 * while, so memory returns to the idle level.
 *
 * The pool is shared out so that one person cannot stall everyone's file work (issue 23):
 * - two lanes: at most `size` workers run long work at once, and the pool has `shortSize` workers more, so at least
 *   that many are always left for short tasks (sniffing, small reads) and views on trial (`trialMs`): interactive
 *   work never waits behind long work. An idle worker takes either kind (one worker serves a quiet server; a long
 *   task may wait for a borrowed worker's short task, which is bounded by seconds). A view still running at the end
 *   of its trial becomes long work: it goes on in its worker when the long lane and the owner's share have room,
 *   otherwise the worker is ended and the task waits in the long queue to start again;
 * - each owner (a user, or the server itself) runs at most `ownerShare` long tasks at once, and a user has at most
 *   `ownerQueue` long tasks and views waiting (`ProcessingBusyError` beyond); the next task of a lane is the one
 *   of the owner with the fewest running and the longest unserved, so a crowd of one person's tasks does not delay
 *   others';
 * - a task whose signal aborts is dropped from its queue, or ended with its worker when it is running.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { serveInput } from './channel.ts';
import { ProcessingBusyError, TooLargeToProcessError } from './errors.ts';
import type { TaskArgs, TaskName, TaskResult } from './tasks.ts';
import type { ResultMessage, TaskMessage, WireError } from './worker.ts';

/** `worker.ts` MEMORY_EXIT (not imported: that module runs the worker when loaded). */
const MEMORY_EXIT = 90;

export interface PoolOptions {
  /** Workers running long work at once. */
  size: number;
  /** Workers beyond `size`, left for short work. */
  shortSize: number;
  /** Long tasks one owner runs at once. */
  ownerShare: number;
  /** Tasks one owner may have waiting (the server's own work is not bounded). */
  ownerQueue: number;
  /** Live heap budget of a worker in MiB (`worker.ts` watchdog); V8's hard limit is twice that. */
  heapMb: number;
  idleMs: number;
}

/** What a task reads: bytes in memory, or a stream the main thread only forwards. */
export type TaskInput = Uint8Array | AsyncIterable<Uint8Array>;

export type Lane = 'short' | 'long';

/** The owner of the server's own work (previews, run post-processing, runner reports). */
export const SERVER_OWNER = 'server';

export interface RunOptions {
  /** Whose share the task counts against: `user:<id>`, or SERVER_OWNER (alone or as `server:<purpose>`). */
  owner: string;
  lane: Lane;
  timeoutMs: number;
  /** Short lane only: after this long the task moves to the long lane (its input is opened again if it restarts). */
  trialMs?: number;
  signal?: AbortSignal;
}

interface Pending {
  id: number;
  message: Omit<TaskMessage, 'id' | 'port' | 'bytes'>;
  open: () => TaskInput;
  options: RunOptions;
  lane: Lane;
  /** Time already spent on a trial, counted into the timeout. */
  spentMs: number;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  /** The current attempt's time bound (a trial's or the whole task's). */
  timer: NodeJS.Timeout | null;
  /** Releases the current attempt's input. */
  stopInput(): void;
}

interface Slot {
  worker: Worker;
  /** The running task (its `lane` is the lane the worker serves now), or null while idle. */
  task: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

/** Ends the task's current attempt: its timer and its input. */
function settle(task: Pending): void {
  if (task.timer) clearTimeout(task.timer);
  task.timer = null;
  task.stopInput();
}

const ENTRY = new URL('./bootstrap.mjs', import.meta.url);

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queues: Record<Lane, Pending[]> = { short: [], long: [] };
  /** When each owner's task last started (a counter), for the round in which owners take turns. */
  private readonly served = new Map<string, number>();
  private nextId = 1;
  private turn = 0;
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly decodeError: (error: WireError) => Error,
  ) {}

  /** Runs the task; `open` gives its input (called again when a trial restarts in the long lane). */
  run<K extends TaskName>(task: K, args: TaskArgs<K>, open: () => TaskInput, options: RunOptions): Promise<TaskResult<K>> {
    if (this.closed) return Promise.reject(new Error('The server is shutting down.'));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    const waiting = this.waiting(options.owner);
    const counted = options.lane === 'long' || options.trialMs !== undefined;
    if (counted && !options.owner.startsWith(SERVER_OWNER) && waiting >= this.options.ownerQueue) return Promise.reject(new ProcessingBusyError(waiting));
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        message: { task, args },
        open,
        options,
        lane: options.lane,
        spentMs: 0,
        resolve: resolve as (v: unknown) => void,
        reject,
        timer: null,
        stopInput: () => undefined,
      };
      const { signal } = options;
      if (signal) {
        const abort = () => this.cancel(pending, signal.reason);
        signal.addEventListener('abort', abort, { once: true });
        const settled = () => signal.removeEventListener('abort', abort);
        pending.resolve = (value) => (settled(), resolve(value as TaskResult<K>));
        pending.reject = (err) => (settled(), reject(err));
      }
      this.queues[pending.lane].push(pending);
      this.dispatch();
    });
  }

  /** Ends every worker; queued tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new Error('The server is shutting down.');
    for (const task of [...this.queues.short.splice(0), ...this.queues.long.splice(0)]) task.reject(stopping);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, stopping)));
  }

  /** The owner's waiting long work and views; short tasks are cheap and taken in turns, so they are not counted. */
  private waiting(owner: string): number {
    const counted = (t: Pending) => t.options.owner === owner && (t.options.lane === 'long' || t.options.trialMs !== undefined);
    return this.queues.short.filter(counted).length + this.queues.long.filter(counted).length;
  }

  private running(owner: string, lane: Lane): number {
    let count = 0;
    for (const slot of this.slots) if (slot.task?.lane === lane && slot.task.options.owner === owner) count++;
    return count;
  }

  /** Workers running a task of the lane. */
  private busy(lane: Lane): number {
    let count = 0;
    for (const slot of this.slots) if (slot.task?.lane === lane) count++;
    return count;
  }

  /** A queued task is dropped; a running one ends with its worker. */
  private cancel(task: Pending, reason: unknown): void {
    for (const queue of Object.values(this.queues)) {
      const at = queue.indexOf(task);
      if (at >= 0) {
        queue.splice(at, 1);
        task.reject(reason);
        return;
      }
    }
    const slot = [...this.slots].find((s) => s.task === task);
    if (slot) this.fail(slot, reason as Error);
  }

  private dispatch(): void {
    for (const lane of ['short', 'long'] as const) {
      for (;;) {
        const task = this.next(lane);
        if (!task || (lane === 'long' && this.busy('long') >= this.options.size)) break;
        const idle = [...this.slots].find((s) => s.task === null);
        const slot = idle ?? (this.slots.size < this.options.size + this.options.shortSize ? this.spawn() : null);
        if (!slot) break;
        const queue = this.queues[lane];
        queue.splice(queue.indexOf(task), 1);
        this.start(slot, task);
      }
    }
  }

  /** The owner with the fewest running tasks in the lane goes first, then the one served longest ago, then the oldest task. */
  private next(lane: Lane): Pending | undefined {
    let best: Pending | undefined;
    let bestRank: [number, number] = [Infinity, Infinity];
    for (const task of this.queues[lane]) {
      const running = this.running(task.options.owner, lane);
      if (lane === 'long' && running >= this.options.ownerShare) continue;
      const rank: [number, number] = [running, this.served.get(task.options.owner) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) [best, bestRank] = [task, rank];
    }
    return best;
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
    this.served.set(task.options.owner, ++this.turn);
    const message: TaskMessage = { id: task.id, ...task.message };
    const input = task.open();
    // A stream that fails while the task runs (a blob removed meanwhile) fails the task when it is read, not the process.
    if ('on' in input && typeof input.on === 'function') input.on('error', () => undefined);
    let stopInput = () => {};
    if (input instanceof Uint8Array) {
      message.bytes = input;
      slot.worker.postMessage(message);
    } else {
      const channel = new MessageChannel();
      stopInput = serveInput(channel.port1, input).stop;
      message.port = channel.port2;
      slot.worker.postMessage(message, [channel.port2]);
    }
    task.stopInput = stopInput;
    const { timeoutMs, trialMs } = task.options;
    if (task.lane === 'short' && trialMs !== undefined && trialMs < timeoutMs) {
      const started = performance.now();
      task.timer = setTimeout(() => this.endTrial(slot, task, performance.now() - started), trialMs);
    } else {
      this.bound(slot, task);
    }
  }

  /** The task's whole time bound, less what its trial took already. */
  private bound(slot: Slot, task: Pending): void {
    const { timeoutMs } = task.options;
    task.timer = setTimeout(() => this.fail(slot, new TooLargeToProcessError(`reading it takes longer than ${timeoutMs / 1000} s`)), timeoutMs - task.spentMs);
  }

  /**
   * A view that outlasted its trial leaves the short lane: its worker moves to the long lane when there is room and
   * the owner's share allows; otherwise the worker is ended and the task waits in the long queue to start again.
   */
  private endTrial(slot: Slot, task: Pending, spentMs: number): void {
    const room = this.busy('long') < this.options.size && this.running(task.options.owner, 'long') < this.options.ownerShare;
    task.lane = 'long';
    if (room) {
      task.spentMs = spentMs;
      this.bound(slot, task);
    } else {
      settle(task);
      slot.task = null;
      void this.retire(slot);
      this.queues.long.push(task);
    }
    this.dispatch();
  }

  private finish(slot: Slot, message: ResultMessage): void {
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    slot.task = null;
    settle(task);
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
    if (task) settle(task);
    task?.reject(err ?? new Error('The file reader was stopped.'));
    await slot.worker.terminate();
  }
}
