/** The ids of the DRT layers a map pick looks at (canvas/usePointer.ts): stops before vehicle markers. */
export const DRT_STOP_PICK_LAYERS = ['drt-stops'];
export const DRT_VEHICLE_PICK_LAYERS = ['drt-vehicles'];
