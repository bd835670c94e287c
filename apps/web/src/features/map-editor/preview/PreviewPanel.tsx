/** The bottom Preview tab: link panel or network table for the selection (stub until the panels land). */
export function PreviewPanel() {
  return null;
}
