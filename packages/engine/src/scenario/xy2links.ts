/**
 * Where each activity is on the network, before the first iteration (MATSim's PersonPrepareForSim and XY2Links):
 * - an activity at a facility of the facilities file takes the facility's link; a facility without a link in the
 *   network gets the nearest car link to its coordinate (MATSim's XY2Links on facilities), and an activity without
 *   coordinates takes the facility's (for teleported distances);
 * - an activity given only by coordinates gets the nearest car link (NetworkUtils.getNearestLink: the nearest node,
 *   then the nearest of its in- and out-links);
 * - an activity whose link is not in the network (deleted in the map editor) but that has coordinates gets the
 *   nearest remaining link, reported through `onMoved` (MATSim itself stops there; docs/decisions.md, issue 24);
 * - an activity that cannot be placed stops the run with a message naming the person, the activity and the link.
 */
import type { Facilities, Person } from '@corridor/matsim';
import type { SimNetwork } from '../core/types.ts';

/** An activity whose link is missing from the network, moved to the nearest remaining link. */
export interface MovedActivity {
  person: string;
  /** 1-based among the plan's activities, as the message says it. */
  activity: number;
  type: string;
  from: string;
  to: string;
}

export interface AssignLinksOptions {
  facilities?: Facilities;
  onMoved?: (moved: MovedActivity) => void;
}

/** Why an activity has no place on the network; the message names the person, the activity and what to do. */
export class UnplacedActivityError extends Error {
  override readonly name = 'UnplacedActivityError';
}

/** Sets `link` on every activity that needs one (see above); returns how many it set or changed. */
export function assignLinks(persons: Iterable<Person>, network: SimNetwork, options: AssignLinksOptions = {}): number {
  let finder: NearestLink | undefined;
  const nearest = (x: number, y: number) => network.linkIds[(finder ??= new NearestLink(network)).find(x, y)]!;
  const facilities = options.facilities?.facilities;
  let assigned = 0;
  for (const person of persons) {
    for (const plan of person.plans) {
      let index = 0;
      for (const element of plan.elements) {
        if (element.kind !== 'activity') continue;
        index++;
        const where = `Person ${person.id}, activity ${index} (${element.type})`;
        const facility = element.facility === undefined ? undefined : facilities?.get(element.facility);
        if (facility !== undefined) {
          const link = facility.linkId !== undefined && network.linkIndex.has(facility.linkId) ? facility.linkId : undefined;
          if (link === undefined && (facility.x === undefined || facility.y === undefined)) {
            throw new UnplacedActivityError(
              `${where}: facility ${facility.id} has ${facility.linkId === undefined ? 'no link' : `link ${facility.linkId}, which is not in the network,`} and no coordinates. Give the facility a link of the network or coordinates.`,
            );
          }
          const placed = link ?? nearest(facility.x!, facility.y!);
          if (element.link !== placed) assigned++;
          element.link = placed;
          continue;
        }
        if (element.link !== undefined && network.linkIndex.has(element.link)) continue;
        const hasCoord = element.x !== undefined && element.y !== undefined;
        if (element.link !== undefined) {
          if (!hasCoord) {
            throw new UnplacedActivityError(
              `${where}: link ${element.link} is not in the network, and the activity has no coordinates to find another. Restore link ${element.link} in the network, give the activity coordinates (x, y) so that it gets the nearest link, or change the person's plans.`,
            );
          }
          const to = nearest(element.x!, element.y!);
          options.onMoved?.({ person: person.id, activity: index, type: element.type, from: element.link, to });
          element.link = to;
          assigned++;
          continue;
        }
        if (!hasCoord) {
          const facilityText = element.facility === undefined ? '' : ` Its facility ${element.facility} is not in ${facilities === undefined ? 'a facilities file (the config reads none: facilities.facilitiesSource=fromFile with facilities.inputFacilitiesFile)' : 'the facilities file'}.`;
          throw new UnplacedActivityError(`${where} has neither a link nor coordinates.${facilityText} Give the activity a link of the network or coordinates (x, y).`);
        }
        element.link = nearest(element.x!, element.y!);
        assigned++;
      }
    }
  }
  return assigned;
}

/** A uniform grid over the nodes that touch a car link, searched ring by ring. */
class NearestLink {
  private readonly cell: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly columns: number;
  private readonly rows: number;
  private readonly grid = new Map<number, number[]>();
  /** Incident car links per node, sorted by id (MATSim iterates a TreeMap of in- and out-links). */
  private readonly incident = new Map<number, number[]>();

  constructor(private readonly network: SimNetwork) {
    for (let link = 0; link < network.linkIds.length; link++) {
      if (!network.allowsCar[link]) continue;
      for (const node of [network.from[link]!, network.to[link]!]) {
        const list = this.incident.get(node) ?? [];
        if (!list.includes(link)) list.push(link);
        this.incident.set(node, list);
      }
    }
    if (this.incident.size === 0) throw new Error('The network has no car links to put activities on.');
    for (const list of this.incident.values()) list.sort((a, b) => compareIds(network.linkIds[a]!, network.linkIds[b]!));
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const node of this.incident.keys()) {
      minX = Math.min(minX, network.x[node]!);
      maxX = Math.max(maxX, network.x[node]!);
      minY = Math.min(minY, network.y[node]!);
      maxY = Math.max(maxY, network.y[node]!);
    }
    this.minX = minX;
    this.minY = minY;
    // About two nodes per cell.
    this.cell = Math.max(Math.sqrt(((maxX - minX) * (maxY - minY)) / Math.max(1, this.incident.size / 2)), 1);
    this.columns = Math.floor((maxX - minX) / this.cell) + 1;
    this.rows = Math.floor((maxY - minY) / this.cell) + 1;
    for (const node of this.incident.keys()) {
      const key = this.key(this.column(network.x[node]!), this.row(network.y[node]!));
      const list = this.grid.get(key) ?? [];
      list.push(node);
      this.grid.set(key, list);
    }
  }

  find(x: number, y: number): number {
    const { network } = this;
    let best = -1;
    let bestDistance = Infinity;
    // Sorted by id with a strict comparison: among equally near links (a coordinate nearest to the node itself
    // is equally near to all of them) the lowest id wins, as in MATSim's TreeMap.
    for (const link of this.incident.get(this.nearestNode(x, y))!) {
      const from = network.from[link]!;
      const to = network.to[link]!;
      const distance = segmentDistance(network.x[from]!, network.y[from]!, network.x[to]!, network.y[to]!, x, y);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = link;
      }
    }
    return best;
  }

  private nearestNode(x: number, y: number): number {
    const cx = this.column(x);
    const cy = this.row(y);
    let best = -1;
    let bestDistance = Infinity;
    for (let ring = 0; ; ring++) {
      // Every node outside rings 0..ring is farther than (ring) cells minus the offset inside the cell.
      if (best >= 0 && (ring - 1) * this.cell > Math.sqrt(bestDistance)) return best;
      if (ring > this.columns + this.rows + 2) return best;
      for (let i = cx - ring; i <= cx + ring; i++) {
        for (let j = cy - ring; j <= cy + ring; j++) {
          if (Math.max(Math.abs(i - cx), Math.abs(j - cy)) !== ring || i < 0 || j < 0 || i >= this.columns || j >= this.rows) continue;
          for (const node of this.grid.get(this.key(i, j)) ?? []) {
            const dx = this.network.x[node]! - x;
            const dy = this.network.y[node]! - y;
            const distance = dx * dx + dy * dy;
            if (distance < bestDistance) {
              bestDistance = distance;
              best = node;
            }
          }
        }
      }
    }
  }

  private column(x: number): number {
    return Math.min(Math.max(Math.floor((x - this.minX) / this.cell), 0), this.columns - 1);
  }

  private row(y: number): number {
    return Math.min(Math.max(Math.floor((y - this.minY) / this.cell), 0), this.rows - 1);
  }

  private key(column: number, row: number): number {
    return row * this.columns + column;
  }
}

function segmentDistance(fx: number, fy: number, tx: number, ty: number, x: number, y: number): number {
  const dx = tx - fx;
  const dy = ty - fy;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((x - fx) * dx + (y - fy) * dy) / lengthSquared));
  return Math.hypot(fx + t * dx - x, fy + t * dy - y);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
