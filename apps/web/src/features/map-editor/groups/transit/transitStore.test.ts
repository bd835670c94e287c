import { routeOf, stopOf } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { EditorStore } from '../../state/store.ts';
import { lineTabId } from '../../state/types.ts';
import { transitDataEntities } from './load.ts';

const DATA = {
  stops: [
    { id: 'a', name: 'Alpha', coordinates: [13, 52] as [number, number], isBlocking: false },
    { id: 'b', name: 'Beta', coordinates: [13.01, 52] as [number, number], isBlocking: false },
  ],
  transitLines: [
    {
      id: 'L',
      name: 'Line L',
      transitRoutes: {
        r: {
          id: 'r',
          mode: 'bus',
          transitLineId: 'L',
          stops: [
            { id: 'a', arrivalOffset: 0, departureOffset: 0, awaitDeparture: false },
            { id: 'b', arrivalOffset: 120, departureOffset: 120, awaitDeparture: false },
          ],
          links: [],
          departures: [{ id: 'd1', departureTime: 3600, vehicleRefId: 'v1' }],
        },
      },
    },
  ],
};

describe('the editor store with public transport', () => {
  it('loads a schedule into the base once, and its edits undo like network edits', () => {
    const store = new EditorStore({ transit: true });
    store.loadTransit(transitDataEntities(DATA));
    const revision = store.getState().dataRevision;
    store.loadTransit(transitDataEntities(DATA));
    expect(store.getState().dataRevision).toBe(revision);
    expect(routeOf(store.getState().graph, 'L', 'r')!.stops.map((stop) => stop.id)).toEqual(['a', 'b']);

    expect(store.perform({ type: 'transitStop/delete', id: 'a' })).toBeUndefined();
    expect(stopOf(store.getState().graph, 'a')).toBeUndefined();
    expect(routeOf(store.getState().graph, 'L', 'r')!.stops.map((stop) => stop.id)).toEqual(['b']);
    expect(store.getState().lists.unsaved).toHaveLength(1);
    store.undo();
    expect(stopOf(store.getState().graph, 'a')).toMatchObject({ name: 'Alpha' });
  });

  it('opens a line tab once, brings it forward with the route asked for, and closes it', () => {
    const store = new EditorStore({ transit: true });
    store.openLine('L', 'r');
    store.openLine('M');
    store.openLine('L');
    expect(store.getState().lineTabs).toEqual([{ lineId: 'L', routeId: 'r' }, { lineId: 'M' }]);
    expect(store.getState().shownTab).toMatchObject({ id: lineTabId('L') });
    store.chooseRoute('M', 'x');
    store.closeLine('L');
    expect(store.getState().lineTabs).toEqual([{ lineId: 'M', routeId: 'x' }]);
  });

  it('turning the Public Transport layer off while in a transit tool returns to the network; on from the plain select starts transit (spec 2 §2)', () => {
    const store = new EditorStore({ transit: true });
    store.setTool('transit/addStop');
    store.setLayer('transit', false);
    expect(store.getState().tool).toBe('select');
    expect(new EditorStore().getState().layers.transit).toBe(false);
    store.setTool('addLink');
    store.setLayer('outline', false);
    expect(store.getState().tool).toBe('addLink');
  });
});
