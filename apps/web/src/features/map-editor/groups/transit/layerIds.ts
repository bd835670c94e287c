/** The ids of the transit layers a map pick looks at (canvas/usePointer.ts): stop groups before routes. */
export const TRANSIT_STOP_PICK_LAYERS = ['transit-stops'];
export const TRANSIT_ROUTE_PICK_LAYERS = ['transit-routes'];
