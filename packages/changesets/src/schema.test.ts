import { ChangesetBody, INVALID_CHANGESET_JSON, parseChangesetJson, UNKNOWN_MODIFICATION_TYPE } from '@corridor/contract';
import { describe, expect, it } from 'vitest';

const saved = {
  id: 5,
  name: 'Mixed',
  modifications: [
    { type: 'network/addNode', node: { id: 'n', lng: 13.4, lat: 52.5 } },
    { type: 'network/group', modifications: [{ type: 'network/updateLink', id: 'l', changes: { capacity: 900, attributes: { lit: { type: 'bool', value: true } } } }] },
    { type: 'transitStop/add', stop: { id: 'abcd1234', name: 'Stop-abcd1234', coordinates: [13.4, 52.5], isBlocking: false } },
    { type: 'route/addStop', lineId: 'L', routeId: 'R', stopId: 'abcd1234', afterIndex: -1 },
    { type: 'drt/addVehicles', vehicles: [{ id: 'v1', startLinkId: 'l', capacity: '4', t0: 0, t1: 86400 }] },
    { type: 'drt/moveServiceAreaPosition', areaId: 1, index: 0, position: [8.5, 47.4] },
  ],
  saveOptions: { network: 'changeset', drtVehicles: 'new_file' },
  newFileNames: { drtVehicles: 'drt_vehicles.xml' },
};

describe('changeset schema', () => {
  it('a saved changeset with network, transit and DRT kinds validates and round-trips through JSON', () => {
    const parsed = ChangesetBody.parse(JSON.parse(JSON.stringify(saved)));
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(saved);
  });

  it('an unknown modification type is refused with "Unknown Modification Type"', () => {
    const result = ChangesetBody.safeParse({ ...saved, modifications: [{ type: 'network/teleport' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNKNOWN_MODIFICATION_TYPE);
    expect(parseChangesetJson(JSON.stringify({ modifications: [{ type: 'bogus' }] }))).toEqual({ ok: false, error: UNKNOWN_MODIFICATION_TYPE });
  });

  it('JSON import needs valid JSON with a modifications list', () => {
    expect(parseChangesetJson('{not json')).toEqual({ ok: false, error: INVALID_CHANGESET_JSON });
    expect(parseChangesetJson('{"name":"x"}')).toEqual({ ok: false, error: INVALID_CHANGESET_JSON });
    expect(parseChangesetJson(JSON.stringify(saved))).toMatchObject({ ok: true });
  });
});
