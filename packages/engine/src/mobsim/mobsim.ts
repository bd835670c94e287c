/**
 * runMobsim: one QSim day (matsim-facts §5). Per second: activity ends, teleport arrivals, then the queue
 * network (nodes, links). Seconds in which nothing is on the network are skipped to the next activity end or
 * teleport arrival — nothing can happen in them, and the fast capacity update is time-stamped, so the result is
 * the same as stepping through them.
 */
import type { Person } from '@corridor/matsim';
import type { EngineConfig, EventSink, SimNetwork } from '../core/types.ts';
import { Agents } from './agents.ts';
import { QueueNetwork } from './links.ts';

export interface MobsimInput {
  network: SimNetwork;
  /** Each person's selected plan is simulated; car legs need link routes. */
  persons: readonly Person[];
  config: Pick<EngineConfig, 'qsim'>;
  sink: EventSink;
  /** Seeded generator (node in-link order). */
  random: () => number;
  /** At the end of each network leg: the vehicle (agent index) and the links it drove, its departure link first. */
  onDriven?: (vehicle: number, links: Int32Array) => void;
}

export interface MobsimResult {
  startTime: number;
  endTime: number;
  /** Agents that did not reach their last activity (stuckAndAbort). */
  stuck: number;
}

export function runMobsim({ network, persons, config, sink, random, onDriven }: MobsimInput): MobsimResult {
  const qsim = config.qsim;
  const agents = new Agents(persons, network, new Set(qsim.mainModes), sink);
  const queues = new QueueNetwork(network, qsim, agents, sink, random, persons.length);
  agents.onNetworkDeparture = (agent, link) => queues.depart(agent, link);
  agents.onDriven = onDriven;

  const earliest = agents.start();
  const startTime = Math.floor(Math.max(qsim.startTime ?? 0, earliest === Infinity ? (qsim.startTime ?? 0) : earliest));
  const endTime = qsim.endTime ?? Infinity;
  let now = startTime;
  while (agents.living > 0 && now < endTime) {
    agents.endActivities(now);
    agents.arriveTeleported(now);
    queues.step(now);
    if (agents.living === 0) break;
    if (queues.isIdle) {
      const next = Math.min(agents.activityEnds.peekTime(), agents.teleportArrivals.peekTime());
      if (next === Infinity) break;
      now = Math.max(now + 1, Math.ceil(next));
    } else {
      now++;
    }
  }
  if (agents.living > 0) agents.abortRemaining(Math.min(now, endTime), queues.vehiclesOnNetwork());
  return { startTime, endTime: Math.min(now, endTime), stuck: agents.stuckCount };
}
