/** The collapsible sidebar: change management, layers and filters (stub until the sidebar lands). */
export function Sidebar() {
  return null;
}
