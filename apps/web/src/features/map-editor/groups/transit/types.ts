/**
 * The public transport group's tool ids and selection types (spec 2 §2 "Selection types": transit-stop,
 * transit-route, transit-network-route), added to the editor's extensible types (state/types.ts).
 */
export {};

declare module '../../state/types.ts' {
  interface ToolIds {
    'transit/select': true;
    'transit/addStop': true;
    'transit/moveStop': true;
    'transit/edit': true;
  }
  interface SelectionTypes {
    /** One stop group of the map (the stops drawn as one point) or one stop. */
    'transit-stop': { readonly stops: readonly string[] };
    /** A route being edited (Edit route): its stops, time profile and departures. */
    'transit-route': { readonly lineId: string; readonly routeId: string };
    /** A route's network route being edited (Edit network route, spec 2 §4 "Network-route edit"). */
    'transit-network-route': { readonly lineId: string; readonly routeId: string; readonly mode: 'none' | 'add' | 'delete' };
  }
}
