/** What the public transport group shows (groups/views.ts): its tools' icons, its previews, its toolbar extras. */
import { IconArrowsMove, IconBusStop, IconPencil, IconPointer } from '@tabler/icons-react';
import { selectionPreview, type GroupView } from '../views.ts';
import { RoutePreview } from './preview/RoutePreview.tsx';
import { StopPreview } from './preview/StopPreview.tsx';
import { EditBar } from './toolbar/EditBar.tsx';
import { TransitSearch } from './toolbar/TransitSearch.tsx';

export const TRANSIT_VIEW: GroupView = {
  group: 'transit',
  icons: { 'transit/select': IconPointer, 'transit/addStop': IconBusStop, 'transit/moveStop': IconArrowsMove, 'transit/edit': IconPencil },
  previews: [selectionPreview('transit-stop', StopPreview), selectionPreview('transit-route', RoutePreview), selectionPreview('transit-network-route', RoutePreview)],
  toolbar: { 'transit/select': TransitSearch, 'transit/edit': EditBar },
};
