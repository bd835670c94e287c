/** Suffixes of compressed files: "network.xml.gz" has the extension ".xml.gz". */
const COMPRESSED = ['gz', 'zst', 'bz2', 'xz', 'lz4'];

/** Image extensions with an image view (spec 1 §9). */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/**
 * Length of the name without its extension, compressed suffixes included: what the rename field
 * selects first, so typing replaces the name and keeps the extension.
 */
export function baseNameLength(name: string): number {
  let end = name.length;
  const lastDot = (upTo: number) => name.lastIndexOf('.', upTo - 1);
  let dot = lastDot(end);
  if (dot > 0 && COMPRESSED.includes(name.slice(dot + 1, end).toLowerCase())) {
    end = dot;
    dot = lastDot(end);
  }
  // A leading dot is a hidden file's name, not an extension.
  if (dot > 0) end = dot;
  return end;
}

export function isImageName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && IMAGE_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}
