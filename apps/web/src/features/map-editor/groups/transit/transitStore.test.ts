import { routeOf, stopOf } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { EditorStore } from '../../state/store.ts';
import { lineTabId } from '../../state/types.ts';
import { transitSelectHandler } from './handlers/select.ts';
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
    // A route to edit switches to Edit, also from another transit tool (Add Stop keeps a stop it selects).
    store.setLayer('transit', true);
    store.setTool('transit/addStop');
    store.select({ type: 'transit-stop', stops: ['a'] });
    expect(store.getState().tool).toBe('transit/addStop');
    store.select({ type: 'transit-route', lineId: 'L', routeId: 'r' });
    expect(store.getState().tool).toBe('transit/edit');
  });

  it('assigns a stop through the overlay: a link sets it, a node without a self-loop is refused on the map', () => {
    const store = new EditorStore({ transit: true });
    store.loadTransit(transitDataEntities(DATA));
    store.addEntities([{ id: 'n1', lng: 13, lat: 52 }, { id: 'n2', lng: 13.01, lat: 52 }], [{ id: 'l12', fromId: 'n1', toId: 'n2', length: 700, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] }], 'area');
    store.assignStop('a');
    expect(store.getState().tool).toBe('transit/select');
    const click = (patch: object) => transitSelectHandler.click!(store, { lngLat: [13, 52], shiftKey: false, degreesPerPixel: 1e-5, ...patch });
    click({ nodeId: 'n1' });
    expect(store.getState().refusal?.reason).toEqual({ code: 'missingSelfLoop', params: { stopId: 'a', nodeId: 'n1' } });
    expect(store.getState().assigningStop).toBe('a');
    click({ linkId: 'l12' });
    expect(stopOf(store.getState().graph, 'a')!.linkId).toBe('l12');
    expect(store.getState().assigningStop).toBeNull();
  });
});
