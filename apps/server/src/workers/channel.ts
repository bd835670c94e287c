/**
 * A file's bytes from the main thread to a worker over a MessagePort, chunk by chunk as the worker asks for them
 * (so a slow reader holds one chunk, not the file). The main thread only reads stored bytes; all decompression
 * and parsing happens in the worker.
 */
import type { MessagePort } from 'node:worker_threads';

type Reply = { chunk: Uint8Array } | { done: true } | { error: string };

/** Main thread: answers the worker's pulls from `source` until it is done; `stop()` releases the source. */
export function serveInput(port: MessagePort, source: AsyncIterable<Uint8Array>): { stop(): void } {
  const chunks = source[Symbol.asyncIterator]();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    port.close();
    void chunks.return?.(undefined)?.catch(() => undefined);
  };
  port.on('message', () => {
    chunks.next().then(
      (next) => !stopped && port.postMessage((next.done ? { done: true } : { chunk: next.value }) satisfies Reply),
      (err: unknown) => !stopped && port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies Reply),
    );
  });
  return { stop };
}

/** Worker: the bytes the main thread serves on `port`. */
export async function* receiveInput(port: MessagePort): AsyncGenerator<Uint8Array> {
  try {
    for (;;) {
      const reply = await new Promise<Reply>((resolve) => {
        port.once('message', resolve);
        port.postMessage('pull');
      });
      if ('done' in reply) return;
      if ('error' in reply) throw new Error(`The file could not be read: ${reply.error}`);
      yield reply.chunk;
    }
  } finally {
    port.close();
  }
}
