/** The toolbar over the map: network tools, search, undo/redo (stub until the tools land). */
export function Toolbar() {
  return null;
}
