/**
 * "Download PNG": the base map's canvas and deck.gl's canvas above it (both keep their pixels after drawing)
 * painted onto one canvas, saved as a file.
 */
export async function downloadPng(canvases: readonly (HTMLCanvasElement | null | undefined)[], fileName: string): Promise<void> {
  const present = canvases.filter((canvas): canvas is HTMLCanvasElement => !!canvas && canvas.width > 0);
  const first = present[0];
  if (!first) return;
  const out = document.createElement('canvas');
  out.width = first.width;
  out.height = first.height;
  const context = out.getContext('2d');
  if (!context) return;
  for (const canvas of present) context.drawImage(canvas, 0, 0, out.width, out.height);
  const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
