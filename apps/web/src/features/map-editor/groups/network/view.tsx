/** What the network group shows (groups/views.ts): its tools' icons, the preview of its selection, its id search. */
import { IconArrowsMove, IconCirclePlus, IconLasso, IconLine, IconPointer } from '@tabler/icons-react';
import { NetworkSelectionPreview } from '../../preview/NetworkSelectionPreview.tsx';
import { Search } from '../../toolbar/Search.tsx';
import { selectionPreview, type GroupView } from '../views.ts';

export const NETWORK_VIEW: GroupView = {
  group: 'network',
  icons: { select: IconPointer, addNode: IconCirclePlus, addLink: IconLine, moveNode: IconArrowsMove, lasso: IconLasso },
  previews: [selectionPreview('network-links-and-nodes', NetworkSelectionPreview)],
  toolbar: { select: Search },
};
