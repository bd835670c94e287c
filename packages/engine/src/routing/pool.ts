/**
 * Routing in worker threads (global.numberOfThreads, as MATSim's PlanRouter runs in parallel): the plans to route
 * are split into one slice per thread; the calling thread routes the first itself while `threads − 1` workers
 * route the others with the iteration's travel times, and the legs' new routes are written back into the plans. Everything random (which plans, their distance factors) is
 * decided on the main thread beforehand, so a run gives the same result with any number of threads.
 *
 * Workers start at the first batch large enough to pay for them. From the sources they register tsx and import
 * route-worker.ts; in the runner download's bundle they start the bundle itself, whose entry serves routing when
 * it runs as a worker (cli.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Plan } from '@corridor/matsim';
import type { SimNetwork, TravelTimes } from '../core/types.ts';
import type { RoutePlanOptions, RoutingConfig } from './plan-router.ts';
import type { Disutility } from './router.ts';
import type { NetworkData, RouteJob, RouteReply, RouteWorkerInit } from './route-worker.ts';

declare const CORRIDOR_BUNDLE: boolean | undefined;
const BUNDLED = typeof CORRIDOR_BUNDLE !== 'undefined' && CORRIDOR_BUNDLE === true;

/** workerData of a routing worker started from the bundle. */
export const ROUTING_WORKER = 'corridor-engine-routing';

export interface RoutingRequest {
  plan: Plan;
  options: RoutePlanOptions;
}

export class RoutingPool {
  private workers: Worker[] = [];

  constructor(
    readonly threads: number,
    private readonly network: SimNetwork,
    private readonly config: RoutingConfig,
    private readonly disutility: Disutility,
  ) {}

  /** Routes the plans (in place), `threads` slices at once; `routeHere` routes one on this thread. */
  async route(requests: readonly RoutingRequest[], travelTimes: TravelTimes, routeHere: (request: RoutingRequest) => void): Promise<void> {
    if (requests.length === 0) return;
    const workers = this.start();
    const size = Math.ceil(requests.length / this.threads);
    const slices = workers.map((_, i) => requests.slice((i + 1) * size, (i + 2) * size));
    const done = Promise.all(
      slices.map(async (slice, i) => {
        if (slice.length === 0) return;
        const jobs: RouteJob[] = slice.map(({ plan, options }) => ({ elements: plan.elements, options }));
        const reply = await ask(workers[i]!, { travelTimes: travelTimes.data, jobs });
        if ('error' in reply) throw new Error(reply.error);
        slice.forEach(({ plan }, p) => {
          const updates = reply.updates[p]!;
          plan.elements.forEach((element, e) => {
            const update = updates[e];
            if (element.kind !== 'leg' || update === undefined) return;
            if (update.route !== undefined) element.route = update.route;
            if (update.travTime !== undefined) element.travTime = update.travTime;
            if (update.depTime !== undefined) element.depTime = update.depTime;
          });
        });
      }),
    );
    // Stop the workers' answers from going unhandled while this thread routes its own slice.
    done.catch(() => {});
    for (const request of requests.slice(0, size)) routeHere(request);
    await done;
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private start(): Worker[] {
    if (this.workers.length > 0) return this.workers;
    const { linkIndex: _links, nodeIndex: _nodes, ...network } = this.network;
    const init: RouteWorkerInit = { network: network satisfies NetworkData, config: this.config, disutility: this.disutility };
    for (let i = 1; i < this.threads; i++) {
      const worker = startWorker();
      // A failed run does not wait for idle workers.
      worker.unref();
      worker.postMessage({ init });
      this.workers.push(worker);
    }
    return this.workers;
  }
}

function ask(worker: Worker, message: unknown): Promise<RouteReply> {
  worker.ref();
  return new Promise<RouteReply>((resolve, reject) => {
    const onMessage = (reply: RouteReply) => {
      cleanup();
      resolve(reply);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`a routing worker stopped (exit code ${code})`));
    };
    const cleanup = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      worker.unref();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(message);
  });
}

function startWorker(): Worker {
  if (BUNDLED) return new Worker(new URL(import.meta.url), { workerData: ROUTING_WORKER });
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const self = new URL('./route-worker.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(self)}); }).then((m) => m.serveRouting())`;
  return new Worker(source, { eval: true });
}
