/**
 * Where a file names its coordinate system (issue 24): a MATSim config's `global.coordinateSystem` (what MATSim
 * itself uses) and a network's `coordinateReferenceSystem` attribute (network v2, written at the top of the file,
 * before the nodes). Reads only what it needs: the config (bounded), the network's head.
 */
import { getParam, readConfig, readHead, type Input } from '@corridor/matsim';
import { resolveCrs } from '@corridor/geo';
import type { DetectedCrs } from '@corridor/contract';

/** A config larger than this is not a config worth reading for its CRS (MATSim configs are a few KB). */
const CONFIG_MAX_BYTES = 4 * 1024 * 1024;
/** The network attributes block comes first; 256 KiB holds it with any DOCTYPE and comments before it. */
const NETWORK_HEAD_BYTES = 256 * 1024;

export type FoundCrs = Pick<DetectedCrs, 'value' | 'field' | 'code' | 'name'>;

export const isConfigTag = (tag: string | null) => tag?.startsWith('config_v') ?? false;
const isNetwork = (tag: string | null) => tag?.startsWith('network_v') ?? false;

/** The CRS the file names, or null (no such field, not a config or network, unreadable). */
export async function crsNamedIn(tag: string | null, input: () => Input): Promise<FoundCrs | null> {
  try {
    if (isConfigTag(tag)) {
      const config = await readConfig(input(), { maxBytes: CONFIG_MAX_BYTES });
      return found(getParam(config, 'global', 'coordinateSystem'), 'global.coordinateSystem');
    }
    if (isNetwork(tag)) return found(networkHeadCrs(new TextDecoder().decode(await readHead(input(), NETWORK_HEAD_BYTES))), 'coordinateReferenceSystem');
  } catch {
    // A file that cannot be read names no CRS; its own viewers say what is wrong with it.
  }
  return null;
}

function found(value: string | undefined, field: FoundCrs['field']): FoundCrs | null {
  const text = value?.trim();
  if (!text) return null;
  const known = resolveCrs(text);
  return { value: text, field, code: known?.code ?? null, name: known?.name ?? null };
}

/** The network's own `coordinateReferenceSystem` attribute from the top-level attributes (before `<nodes>`). */
export function networkHeadCrs(head: string): string | undefined {
  const nodes = head.search(/<nodes[\s>]/);
  const top = nodes < 0 ? head : head.slice(0, nodes);
  const match = /<attribute\s+[^>]*name\s*=\s*["']coordinateReferenceSystem["'][^>]*>([^<]*)<\/attribute>/.exec(top);
  return match?.[1]?.trim() || undefined;
}
