/** What the DRT group shows (groups/views.ts): its tools' icons, its previews, the Preview tab of Add Vehicle without a link. */
import { IconCar, IconMapPin, IconMapPinPlus, IconPointer } from '@tabler/icons-react';
import { selectionPreview, type GroupView } from '../views.ts';
import { AddVehicleForm, NoLinkSelected } from './preview/AddVehicleForm.tsx';
import { DrtStopPreview } from './preview/StopPreview.tsx';
import { VehiclePreview } from './preview/VehiclePreview.tsx';

export const DRT_VIEW: GroupView = {
  group: 'drt',
  icons: { 'drt/selectVehicle': IconPointer, 'drt/addVehicle': IconCar, 'drt/selectStop': IconMapPin, 'drt/addStop': IconMapPinPlus },
  previews: [selectionPreview('drt-vehicle', VehiclePreview), selectionPreview('drt-link', AddVehicleForm), selectionPreview('drt-stop', DrtStopPreview)],
  idle: { 'drt/addVehicle': NoLinkSelected },
};
