/**
 * Home–work–home car commuters on the demo grid. Homes are spread evenly; workplaces gather towards the centre, so
 * the morning peak flows inward and the evening peak outward, the classic pattern a first run should show.
 */
import { JAVA_STRING, type Activity, type Leg, type Link, type Network, type Person, type Population } from '@corridor/matsim';

const HOUR = 3600;
/** Activities sit beside the road, on the right in the link's direction, as a building entrance would. */
const SETBACK_M = 15;

export function commuterPopulation(network: Network, persons: number, random: () => number, crs: string): Population {
  const links = [...network.links.values()];
  const centre = networkCentre(network);
  const radius = networkRadius(network, centre);
  const population: Population = {
    version: 'v6',
    desc: 'Corridor demo commuters',
    attributes: new Map([['coordinateReferenceSystem', { class: JAVA_STRING, text: crs }]]),
    persons: new Map(),
  };
  if (links.length === 0) return population;

  for (let index = 1; index <= persons; index++) {
    const home = pick(links, random);
    const work = pickWork(links, home, network, centre, radius, random);
    // Whole seconds, like times MATSim writes; home from 06:00 to 09:00, then about 9 h at work (8 h plus breaks).
    const homeEnd = Math.floor(6 * HOUR + random() * 3 * HOUR);
    const workEnd = homeEnd + 9 * HOUR + Math.floor((random() - 0.5) * HOUR);
    const id = String(index);
    const homePlace = place(home, network, random);
    const person: Person = {
      id,
      plans: [
        {
          selected: true,
          elements: [
            { kind: 'activity', type: 'home', ...homePlace, endTime: homeEnd },
            carLeg(),
            { kind: 'activity', type: 'work', ...place(work, network, random), endTime: workEnd },
            carLeg(),
            { kind: 'activity', type: 'home', ...homePlace },
          ],
        },
      ],
    };
    population.persons.set(id, person);
  }
  return population;
}

/** A spot beside the link where an activity happens: its link and coordinate. */
function place(link: Link, network: Network, random: () => number): Pick<Activity, 'link' | 'x' | 'y'> {
  const from = network.nodes.get(link.from)!;
  const to = network.nodes.get(link.to)!;
  const along = 0.2 + random() * 0.6;
  const dx = (to.x - from.x) / link.length;
  const dy = (to.y - from.y) / link.length;
  // (dy, -dx) is the right-hand normal of the link's direction.
  const x = Math.round(from.x + (to.x - from.x) * along + dy * SETBACK_M);
  const y = Math.round(from.y + (to.y - from.y) * along - dx * SETBACK_M);
  return { link: link.id, x, y };
}

function carLeg(): Leg {
  // Without a route: the first iteration routes it. routingMode is what MATSim ≥ 12 writes and reads for the trip.
  return { kind: 'leg', mode: 'car', attributes: new Map([['routingMode', { class: JAVA_STRING, text: 'car' }]]) };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A link sharing no node with home (so the trip is a real one), accepted more often the closer it is to the centre. */
function pickWork(
  links: readonly Link[],
  home: Link,
  network: Network,
  centre: { x: number; y: number },
  radius: number,
  random: () => number,
): Link {
  for (;;) {
    const candidate = pick(links, random);
    if ([candidate.from, candidate.to].some((node) => node === home.from || node === home.to)) continue;
    const from = network.nodes.get(candidate.from)!;
    const distance = Math.hypot(from.x - centre.x, from.y - centre.y);
    if (random() < Math.exp((-2 * distance) / radius)) return candidate;
  }
}

function networkCentre(network: Network): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (const node of network.nodes.values()) {
    x += node.x;
    y += node.y;
  }
  const count = Math.max(1, network.nodes.size);
  return { x: x / count, y: y / count };
}

function networkRadius(network: Network, centre: { x: number; y: number }): number {
  let radius = 1;
  for (const node of network.nodes.values()) radius = Math.max(radius, Math.hypot(node.x - centre.x, node.y - centre.y));
  return radius;
}
