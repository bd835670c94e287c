import { describe, expect, it } from 'vitest';
import { NetworkSelectionPreview } from '../preview/NetworkSelectionPreview.tsx';
import { Search } from '../toolbar/Search.tsx';
import { EDITOR_GROUPS } from './index.ts';
import { iconOf, previewOf, toolbarOf } from './views.ts';

describe('group views', () => {
  it('give every registered tool an icon and every selection type a preview; the network its id search', () => {
    for (const group of EDITOR_GROUPS.groups) {
      // Tools started from a panel (the DRT area drawing) have no toolbar button, so no icon.
      for (const tool of group.tools) if (tool.toolbar !== false) expect(iconOf(tool.id), tool.id).toBeDefined();
      for (const type of group.selections) expect(previewOf(type.type), type.type).toBeDefined();
    }
    expect(previewOf('network-links-and-nodes')).toBe(NetworkSelectionPreview);
    expect(previewOf('none')).toBeUndefined();
    expect(toolbarOf('select')).toBe(Search);
  });
});
