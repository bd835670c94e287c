/**
 * What each edit group shows (issue 27 "Editor state as registries"): its tools' icons, the Preview tab's content for
 * each of its selection types (spec 2 §2 "Preview panel") and the toolbar's search while its select tool is active.
 * Kept apart from the groups' logic (registry.ts, index.ts) so the store, the tools and their tests load no React
 * components. Public transport and DRT add their views to `GROUP_VIEWS` beside their groups in index.ts.
 */
import type { ComponentType } from 'react';
import { NETWORK_VIEW } from './network/view.tsx';
import { TRANSIT_VIEW } from './transit/view.tsx';
import { DRT_VIEW } from './drt/view.tsx';
import type { GroupId, SelectionOf, SelectionType } from './registry.ts';
import type { GroupSelection, ToolId } from '../state/types.ts';

export interface ToolIconProps {
  readonly size?: number;
  readonly 'aria-hidden'?: boolean;
}

/** The preview panel's content for one selection type. */
export interface SelectionPreviewView {
  readonly type: SelectionType;
  readonly component: ComponentType<{ readonly selection: GroupSelection }>;
}

/** Declares a selection type's preview with its own narrow selection (kept in the list under the union). */
export function selectionPreview<K extends SelectionType>(type: K, component: ComponentType<{ readonly selection: SelectionOf<K> }>): SelectionPreviewView {
  return { type, component: component as unknown as SelectionPreviewView['component'] };
}

export interface GroupView {
  readonly group: GroupId;
  /** One icon per tool of the group. */
  readonly icons: Partial<Readonly<Record<ToolId, ComponentType<ToolIconProps>>>>;
  /** One preview per selection type of the group. */
  readonly previews: readonly SelectionPreviewView[];
  /**
   * What the toolbar shows beside the tools while one of the group's tools is active: the search of its select tool
   * (spec 2 §2 "In Select, a search box …"), the line and route search of transit's Edit.
   */
  readonly toolbar?: Partial<Readonly<Record<ToolId, ComponentType>>>;
  /** What the Preview tab shows while one of its tools is active and nothing is selected (Add Vehicle: "No link selected"). */
  readonly idle?: Partial<Readonly<Record<ToolId, ComponentType>>>;
}

export const GROUP_VIEWS: readonly GroupView[] = [NETWORK_VIEW, TRANSIT_VIEW, DRT_VIEW];

export function iconOf(tool: ToolId, views: readonly GroupView[] = GROUP_VIEWS): ComponentType<ToolIconProps> | undefined {
  for (const view of views) {
    const icon = view.icons[tool];
    if (icon) return icon;
  }
  return undefined;
}

export function previewOf(type: string, views: readonly GroupView[] = GROUP_VIEWS): SelectionPreviewView['component'] | undefined {
  for (const view of views) {
    const preview = view.previews.find((entry) => entry.type === type);
    if (preview) return preview.component;
  }
  return undefined;
}

export function toolbarOf(tool: ToolId, views: readonly GroupView[] = GROUP_VIEWS): ComponentType | undefined {
  for (const view of views) {
    const extra = view.toolbar?.[tool];
    if (extra) return extra;
  }
  return undefined;
}

export function idleOf(tool: ToolId, views: readonly GroupView[] = GROUP_VIEWS): ComponentType | undefined {
  for (const view of views) {
    const idle = view.idle?.[tool];
    if (idle) return idle;
  }
  return undefined;
}
