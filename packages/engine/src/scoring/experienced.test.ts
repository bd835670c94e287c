/** Experienced plans from hand-made event sequences: teleported legs, other vehicles, money and stuck agents. */
import { describe, expect, it } from 'vitest';
import { readNetwork, type Leg, type MatsimEvent } from '@corridor/matsim';
import { simNetworkLinkCoord } from '../analysis/exports.ts';
import { buildSimNetwork } from '../scenario/network.ts';
import { ExperiencedPlansBuilder, simNetworkLinkLength } from './experienced.ts';

const lengths: Record<string, number> = { a: 100, b: 200, c: 300 };

function build(events: MatsimEvent[], persons: string[] = []) {
  const builder = new ExperiencedPlansBuilder((id) => lengths[id]!, persons);
  for (const event of events) builder.handleEvent(event);
  return builder;
}

describe('ExperiencedPlansBuilder', () => {
  it('builds a network leg with route distance excluding the departure link, in the given person order', () => {
    const builder = build(
      [
        { type: 'actend', time: 10, person: 'p', link: 'a', actType: 'h', x: 1, y: 2 },
        { type: 'departure', time: 10, person: 'p', link: 'a', legMode: 'car', computationalRoutingMode: 'car' },
        { type: 'PersonEntersVehicle', time: 10, person: 'p', vehicle: 'v7' },
        { type: 'vehicle enters traffic', time: 10, person: 'p', link: 'a', vehicle: 'v7', networkMode: 'car' },
        { type: 'left link', time: 11, link: 'a', vehicle: 'v7' },
        { type: 'entered link', time: 11, link: 'b', vehicle: 'v7' },
        { type: 'left link', time: 20, link: 'b', vehicle: 'v7' },
        { type: 'entered link', time: 20, link: 'c', vehicle: 'v7' },
        { type: 'arrival', time: 30, person: 'p', link: 'c', legMode: 'car' },
        { type: 'actstart', time: 30, person: 'p', link: 'c', actType: 'w' },
        { type: 'personMoney', time: 40, person: 'p', amount: -2.5 },
      ],
      ['q', 'p'],
    );
    const plans = builder.finish();
    expect([...plans.keys()]).toEqual(['q', 'p']);
    const [home, leg, work] = plans.get('p')!.elements;
    expect(home).toMatchObject({ type: 'h', endTime: 10, x: 1, y: 2 });
    expect((home as { startTime?: number }).startTime).toBeUndefined();
    expect(leg).toMatchObject({ mode: 'car', depTime: 10, travTime: 20 });
    expect((leg as Leg).route).toMatchObject({ distance: 500, startLink: 'a', endLink: 'c', description: 'a b c', vehicleRefId: 'v7' });
    expect(work).toMatchObject({ type: 'w', startTime: 30 });
    expect(builder.extras('p')).toEqual({ money: -2.5, stuckTime: undefined });
  });

  it('takes a teleported leg distance from the travelled event and records a stuck agent', () => {
    const builder = build([
      { type: 'actend', time: 0, person: 'p', link: 'a', actType: 'h' },
      { type: 'departure', time: 0, person: 'p', link: 'a', legMode: 'walk' },
      { type: 'travelled', time: 50, person: 'p', distance: 123.4, mode: 'walk' },
      { type: 'arrival', time: 50, person: 'p', link: 'c', legMode: 'walk' },
      { type: 'actstart', time: 50, person: 'p', link: 'c', actType: 'w' },
      { type: 'actend', time: 60, person: 'p', link: 'c', actType: 'w' },
      { type: 'departure', time: 60, person: 'p', link: 'c', legMode: 'car' },
      { type: 'stuckAndAbort', time: 90, person: 'p', link: 'c', legMode: 'car' },
    ]);
    const elements = builder.finish().get('p')!.elements;
    expect(elements.map((e) => e.kind)).toEqual(['activity', 'leg', 'activity', 'leg']);
    expect((elements[1] as Leg).route).toMatchObject({ distance: 123.4, type: 'generic', endLink: 'c' });
    expect((elements[3] as Leg).travTime).toBeUndefined();
    expect(builder.extras('p').stuckTime).toBe(90);
  });

  it('refuses events of an older MATSim without activity types or leg modes with a clear error, as MATSim scoring does', () => {
    expect(() => build([{ type: 'actend', time: 0, person: 'p', link: 'a' }])).toThrow(/actend event of person "p" at 0 s has no actType/);
    expect(() => build([{ type: 'departure', time: 0, person: 'p', link: 'a' }])).toThrow(/departure event .* has no legMode/);
  });
});

describe('SimNetwork lookups', () => {
  it('give link lengths and to-node coordinates of the equil network', async () => {
    const network = buildSimNetwork(await readNetwork(new URL('../../../../../shared/data/equil/network.xml', import.meta.url).pathname));
    expect(simNetworkLinkLength(network)('1')).toBe(10000);
    expect(() => simNetworkLinkLength(network)('nope')).toThrow(/nope/);
    expect(simNetworkLinkCoord(network)('20')).toEqual({ x: 5000, y: 0 });
    expect(simNetworkLinkCoord(network)('nope')).toBeUndefined();
  });
});
