/**
 * The DRT group's tool ids and selection types (spec 2 §2 "Selection types": drt-vehicle, drt-link, drt-stop), added
 * to the editor's extensible types (state/types.ts).
 */
export {};

declare module '../../state/types.ts' {
  interface ToolIds {
    'drt/selectVehicle': true;
    'drt/addVehicle': true;
    'drt/selectStop': true;
    'drt/addStop': true;
  }
  interface SelectionTypes {
    /** Vehicles chosen on the map (a marker selects the vehicles of its link; Shift adds). */
    'drt-vehicle': { readonly vehicles: readonly string[] };
    /** A link to add vehicles to (the add-vehicle form). */
    'drt-link': { readonly linkId: string };
    /** DRT stops chosen on the map (Shift adds). */
    'drt-stop': { readonly stops: readonly string[] };
  }
}
