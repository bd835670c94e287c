/**
 * The DRT edit group (spec 2 §2; issue 29): Shift+D while edit mode and the DRT layer are on; Select Vehicle V, Add
 * Vehicle N, Select Stop S, Add Stop B; Escape returns to Select Vehicle. Its selections are vehicles (drt-vehicle),
 * a link to add vehicles to (drt-link) and stops (drt-stop); its modifications are the `drt/*` kinds, counted in
 * the change summary's DRT vehicles, DRT stops and DRT service area rows.
 *
 * Store API for the DRT tab (groups/drt/tab/), state in `state.drt` (state/types.ts `DrtView`) and `state.baseFile`:
 * - `state.layers.drt`: the DRT layer (the group's edit mode); `store.setLayer('drt', on)`.
 * - `state.drt.mode` ('stops' | 'serviceArea'): `store.setDrtMode(mode)`.
 * - `state.drt.areaMode` ('view' | 'add' | 'edit' | 'delete'): `store.setServiceAreaMode(mode)`.
 * - `state.drt.generation` ('none' | 'vehicles' | 'stops') and `state.drt.area` (the closed ring drawn, or null):
 *   `store.startGeneration('vehicles' | 'stops')` (area cleared), `store.setDrtArea(ring | null)`,
 *   `store.cancelGeneration()` (form closed, area cleared, back to Select Vehicle).
 * - The file of each kind ('vehicles' | 'stops' | 'serviceArea'): `chosenDrtFile(state.baseFile, files, kind)`
 *   (files.ts: the baseFile's, else the scenario's first file of the kind; null = none). `store.chooseDrtFile(kind,
 *   id | null)` names another file or none; the DRT loader (DrtLoader.tsx) then loads it, which sets baseFile.
 *   `useEditorEnv().drtFiles` lists the scenario's files per kind (files.ts `drtFilesOf`).
 * - `state.drtRevision`: bumped when a DRT file's items join or leave the graph.
 * - Reading items: read.ts (`drtVehicles(graph)`, `drtStops(graph)`, `drtAreas(graph)`); edits.ts builds modifications.
 * - A tool that is not a toolbar button (the area drawing): add it to `tools` below with `toolbar: false`.
 */
import { LINK } from '@corridor/changesets';
import { selectionType, type EditGroup, type GroupTool } from '../registry.ts';
import { addDrtStopHandler, addDrtVehicleHandler } from './handlers/add.ts';
import { drtStopSelectHandler, drtVehicleSelectHandler } from './handlers/select.ts';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE } from './kinds.ts';
import { DRT_AREA_GROUP_TOOL } from './tab/areaHandler.ts';
import { drtStopOf } from './read.ts';
import './types.ts';

/** A DRT stop is flown to like a transit stop (spec 2 §9: zoom 14). */
export const DRT_STOP_ZOOM = 14;

export const DRT_SELECT_VEHICLE: GroupTool = {
  id: 'drt/selectVehicle',
  label: 'toolbar.tools.drtSelectVehicle',
  keys: ['V'],
  changesData: false,
  handler: drtVehicleSelectHandler,
  cursor: (hover) => (hover.drtVehicles !== undefined || hover.linkId ? 'pointer' : ''),
};

export const DRT_GROUP: EditGroup = {
  id: 'drt',
  category: 'drt',
  label: 'toolbar.groups.drt',
  keys: ['Shift+D'],
  available: (state) => state.editMode && state.layers.drt,
  tools: [
    DRT_SELECT_VEHICLE,
    { id: 'drt/addVehicle', label: 'toolbar.tools.drtAddVehicle', keys: ['N'], changesData: true, handler: addDrtVehicleHandler, cursor: (hover) => (hover.linkId ? 'pointer' : '') },
    { id: 'drt/selectStop', label: 'toolbar.tools.drtSelectStop', keys: ['S'], changesData: false, handler: drtStopSelectHandler, cursor: (hover) => (hover.drtStop !== undefined ? 'pointer' : '') },
    { id: 'drt/addStop', label: 'toolbar.tools.drtAddStop', keys: ['B'], changesData: true, handler: addDrtStopHandler, cursor: () => 'crosshair' },
    DRT_AREA_GROUP_TOOL,
  ],
  selectTool: 'drt/selectVehicle',
  selections: [
    selectionType({
      type: 'drt-vehicle',
      tool: 'drt/selectVehicle',
      previewToFront: true,
      *entities(selection) {
        for (const id of selection.vehicles) yield [DRT_VEHICLE, id] as const;
      },
    }),
    selectionType({
      type: 'drt-link',
      tool: 'drt/selectVehicle',
      previewToFront: true,
      entities: (selection) => [[LINK, selection.linkId]],
      flyTarget: (selection) => ({ linkId: selection.linkId }),
    }),
    selectionType({
      type: 'drt-stop',
      tool: 'drt/selectStop',
      previewToFront: true,
      *entities(selection) {
        for (const id of selection.stops) yield [DRT_STOP, id] as const;
      },
      flyTarget: (selection, graph) => {
        const stop = selection.stops[0] === undefined ? undefined : drtStopOf(graph, selection.stops[0]);
        return stop && { point: stop.coordinates, zoom: DRT_STOP_ZOOM };
      },
    }),
  ],
  modificationPrefixes: ['drt/'],
  summary: [
    { id: 'drtVehicles', kinds: [DRT_VEHICLE] },
    { id: 'drtStops', kinds: [DRT_STOP] },
    { id: 'drtServiceArea', kinds: [DRT_AREA] },
  ],
};
