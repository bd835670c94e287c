/**
 * The queue network of MATSim's QSim (matsim-facts §5, QueueWithBuffer / QNodeImpl): each link is a FIFO queue
 * plus a buffer at its downstream end; nodes move buffer heads into the next links. Only active links and nodes
 * are visited, so a step costs what is moving, not the network's size.
 */
import type { EventSink, SimNetwork } from '../core/types.ts';
import { ActiveLinks } from './active-links.ts';
import { LinkQueues } from './queues.ts';

/** What the network needs to know about the vehicle's driver (one vehicle per agent, same index). */
export interface Drivers {
  /** The link after the current one, or -1 when the current link is the route's last. */
  nextLink(vehicle: number): number;
  /** Advances the driver's route position to the next link. */
  movedOverNode(vehicle: number): void;
  /** The vehicle reached its destination link: leave traffic, end the leg. */
  arrive(vehicle: number, link: number, now: number): void;
  /** The vehicle was removed as stuck (removeStuckVehicles=true). */
  abort(vehicle: number, link: number, now: number): void;
  vehicleId(vehicle: number): string;
  personId(vehicle: number): string;
  mode(vehicle: number): string;
}

export interface QueueSettings {
  flowCapacityFactor: number;
  storageCapacityFactor: number;
  stuckTime: number;
  removeStuckVehicles: boolean;
}

export class QueueNetwork {
  /** Per link: vehicles driving on it, in its buffer, and departing from it (waiting to enter traffic). */
  private readonly queue: LinkQueues;
  private readonly buffer: LinkQueues;
  private readonly waiting: LinkQueues;
  private readonly flowPerStep: Float64Array;
  private readonly flowAccumulated: Float64Array;
  private readonly flowUpdatedAt: Float64Array;
  private readonly storageCap: Float64Array;
  private readonly usedStorage: Float64Array;
  private readonly bufferMovedAt: Float64Array;
  /** Seconds from entering to the earliest exit: floor(length / freespeed). */
  private readonly freeTime: Float64Array;
  private readonly earliestExit: Float64Array;
  /** Where the vehicle is (link index), -1 when parked. */
  readonly vehicleLink: Int32Array;
  private readonly linkActive: Uint8Array;
  private readonly nodeActive: Uint8Array;
  private readonly links: ActiveLinks;
  private activeNodes: number[] = [];
  private readonly offering: number[] = [];

  constructor(
    private readonly net: SimNetwork,
    private readonly settings: QueueSettings,
    private readonly drivers: Drivers,
    private readonly sink: EventSink,
    private readonly random: () => number,
    vehicles: number,
  ) {
    const n = net.linkIds.length;
    const next = new Int32Array(vehicles);
    this.queue = new LinkQueues(n, next);
    this.buffer = new LinkQueues(n, next);
    this.waiting = new LinkQueues(n, next);
    this.flowPerStep = new Float64Array(n);
    this.flowAccumulated = new Float64Array(n);
    this.flowUpdatedAt = new Float64Array(n);
    this.storageCap = new Float64Array(n);
    this.usedStorage = new Float64Array(n);
    this.bufferMovedAt = new Float64Array(n);
    this.freeTime = new Float64Array(n);
    this.linkActive = new Uint8Array(n);
    this.links = new ActiveLinks(n);
    this.nodeActive = new Uint8Array(net.nodeIds.length);
    this.earliestExit = new Float64Array(vehicles);
    this.vehicleLink = new Int32Array(vehicles).fill(-1);
    for (let l = 0; l < n; l++) {
      const flow = (net.capacityPerHour[l]! / 3600) * settings.flowCapacityFactor;
      const freeTT = net.length[l]! / net.freespeed[l]!;
      let storage = ((net.length[l]! * net.permlanes[l]!) / net.effectiveCellSize) * settings.storageCapacityFactor;
      storage = Math.max(storage, Math.ceil(flow), freeTT * flow);
      this.flowPerStep[l] = flow;
      this.flowAccumulated[l] = flow;
      this.storageCap[l] = storage;
      this.freeTime[l] = Math.floor(freeTT);
    }
  }

  get isIdle(): boolean {
    return this.links.isEmpty && this.activeNodes.length === 0;
  }

  /** A departing vehicle waits on its link until the link lets it into the buffer. */
  depart(vehicle: number, link: number): void {
    this.waiting.push(link, vehicle);
    this.vehicleLink[vehicle] = link;
    if (this.linkActive[link]) this.links.wake(link);
    else this.activateLink(link);
  }

  /** Nodes first, then links (QNetsimEngine's order). */
  step(now: number): void {
    this.moveNodes(now);
    this.moveLinks(now);
  }

  /** Vehicles still on the network (for aborting at the end). */
  *vehiclesOnNetwork(): Generator<number> {
    for (let v = 0; v < this.vehicleLink.length; v++) if (this.vehicleLink[v]! >= 0) yield v;
  }

  private moveNodes(now: number): void {
    const nodes = this.activeNodes;
    this.activeNodes = [];
    for (const node of nodes) {
      if (this.nodeStep(node, now)) this.activeNodes.push(node);
      else this.nodeActive[node] = 0;
    }
  }

  /**
   * The active links in MATSim's order. A link that would do nothing in the next steps sleeps until it has
   * something to do (`sleepsUntil`, ActiveLinks), which is what makes a step cost the links that move.
   */
  private moveLinks(now: number): void {
    const links = this.links;
    links.begin(now);
    for (let link = links.next(); link >= 0; link = links.next()) {
      if (!this.linkStep(link, now)) {
        this.linkActive[link] = 0;
        continue;
      }
      links.keep(link, this.sleepsUntil(link, now));
    }
    links.end();
  }

  /**
   * When the link will next have something to do, if not in the next step (−1 then): its first vehicle's
   * earliest exit; or, while that vehicle may leave but the link's flow is used up and its buffer is not empty
   * (flow does not build up then), until the buffer empties (Infinity). A departure wakes it at once.
   */
  private sleepsUntil(link: number, now: number): number {
    if (this.queue.size[link] === 0 || this.waiting.size[link]! > 0) return -1;
    const head = this.queue.head[link]!;
    const exit = this.earliestExit[head]!;
    if (exit > now + 1) return exit;
    if (exit <= now && this.buffer.size[link]! > 0 && this.flowAccumulated[link]! <= 0 && this.drivers.nextLink(head) >= 0) return Infinity;
    return -1;
  }

  private activateLink(link: number): void {
    if (this.linkActive[link]) return;
    this.linkActive[link] = 1;
    this.links.add(link);
  }

  private activateNode(node: number): void {
    if (this.nodeActive[node]) return;
    this.nodeActive[node] = 1;
    this.activeNodes.push(node);
  }

  /** QueueWithBuffer.doSimStep with insertingWaitingVehiclesBeforeDrivingVehicles: wait list, then queue. */
  private linkStep(link: number, now: number): boolean {
    const waiting = this.waiting;
    while (waiting.size[link]! > 0) {
      if (!this.hasFlowLeft(link, now)) break;
      const vehicle = waiting.shift(link);
      this.sink({
        type: 'vehicle enters traffic',
        time: now,
        person: this.drivers.personId(vehicle),
        link: this.net.linkIds[link]!,
        vehicle: this.drivers.vehicleId(vehicle),
        networkMode: this.drivers.mode(vehicle),
        relativePosition: 1.0,
      }, vehicle, link);
      // A same-link trip goes through the queue and arrives in this very step.
      if (this.drivers.nextLink(vehicle) < 0) this.arrive(vehicle, link, now);
      else this.addToBuffer(link, vehicle, now);
    }
    const queue = this.queue;
    while (queue.size[link]! > 0) {
      const vehicle = queue.head[link]!;
      if (this.earliestExit[vehicle]! > now) break;
      if (this.drivers.nextLink(vehicle) < 0) {
        queue.shift(link);
        this.usedStorage[link]! -= 1;
        this.arrive(vehicle, link, now);
        continue;
      }
      if (!this.hasFlowLeft(link, now)) break;
      queue.shift(link);
      this.usedStorage[link]! -= 1;
      this.addToBuffer(link, vehicle, now);
    }
    return queue.size[link]! > 0 || waiting.size[link]! > 0;
  }

  private arrive(vehicle: number, link: number, now: number): void {
    this.vehicleLink[vehicle] = -1;
    this.drivers.arrive(vehicle, link, now);
  }

  /** Fast capacity update: flow accumulates only while the buffer is empty, capped at one step's worth. */
  private hasFlowLeft(link: number, now: number): boolean {
    const remaining = this.flowAccumulated[link]!;
    const perStep = this.flowPerStep[link]!;
    if (this.flowUpdatedAt[link]! < now && remaining < perStep && this.buffer.size[link] === 0) {
      this.flowAccumulated[link] = Math.min(remaining + (now - this.flowUpdatedAt[link]!) * perStep, perStep);
      this.flowUpdatedAt[link] = now;
    }
    return this.flowAccumulated[link]! > 0;
  }

  private addToBuffer(link: number, vehicle: number, now: number): void {
    this.flowAccumulated[link]! -= 1;
    this.buffer.push(link, vehicle);
    if (this.buffer.size[link] === 1) this.bufferMovedAt[link] = now;
    this.activateNode(this.net.to[link]!);
  }

  /** QNodeImpl.doSimStep: offering in-links in random order weighted by capacity, each buffer emptied in turn. */
  private nodeStep(node: number, now: number): boolean {
    const net = this.net;
    const offering = this.offering;
    offering.length = 0;
    let capSum = 0;
    for (let i = net.inStart[node]!; i < net.inStart[node + 1]!; i++) {
      const link = net.inLinks[i]!;
      if (this.buffer.size[link]! > 0) {
        offering.push(link);
        capSum += net.capacityPerHour[link]!;
      }
    }
    if (offering.length === 0) return false;
    let left = offering.length;
    while (left > 0) {
      const draw = this.random() * capSum;
      let selected = 0;
      for (let i = 0; i < offering.length; i++) {
        const link = offering[i]!;
        if (link < 0) continue;
        selected += net.capacityPerHour[link]!;
        if (selected >= draw) {
          left--;
          capSum -= net.capacityPerHour[link]!;
          offering[i] = -1;
          this.clearBuffer(link, now);
          break;
        }
      }
    }
    return true;
  }

  private clearBuffer(link: number, now: number): void {
    const buffer = this.buffer;
    while (buffer.size[link]! > 0) {
      const vehicle = buffer.head[link]!;
      const next = this.drivers.nextLink(vehicle);
      if (this.usedStorage[next]! < this.storageCap[next]!) {
        this.moveOverNode(link, next, vehicle, now);
        continue;
      }
      if (now - this.bufferMovedAt[link]! > this.settings.stuckTime) {
        if (this.settings.removeStuckVehicles) {
          buffer.shift(link);
          if (buffer.size[link] === 0) this.links.wake(link);
          this.bufferMovedAt[link] = now;
          this.vehicleLink[vehicle] = -1;
          this.drivers.abort(vehicle, link, now);
          return;
        }
        this.moveOverNode(link, next, vehicle, now);
        continue;
      }
      return;
    }
  }

  private moveOverNode(link: number, next: number, vehicle: number, now: number): void {
    this.buffer.shift(link);
    if (this.buffer.size[link] === 0) this.links.wake(link);
    this.bufferMovedAt[link] = now;
    const vehicleId = this.drivers.vehicleId(vehicle);
    this.sink({ type: 'left link', time: now, link: this.net.linkIds[link]!, vehicle: vehicleId }, vehicle, link);
    this.drivers.movedOverNode(vehicle);
    this.queue.push(next, vehicle);
    this.usedStorage[next]! += 1;
    this.earliestExit[vehicle] = now + this.freeTime[next]!;
    this.vehicleLink[vehicle] = next;
    this.sink({ type: 'entered link', time: now, link: this.net.linkIds[next]!, vehicle: vehicleId }, vehicle, next);
    this.activateLink(next);
  }
}
