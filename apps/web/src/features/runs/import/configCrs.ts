/**
 * The import page's CRS from the run's own files (issue 24): the coordinate system output_config.xml (or a
 * config.xml) names in `global.coordinateSystem`, read in the browser before anything is uploaded, and matched
 * against the server's CRS search (which knows MATSim's names such as GK4). Pure but for the file read.
 */
import type { Crs } from '@corridor/contract';
import { getParam, parseConfigText } from '@corridor/matsim/config-text';

/** Configs larger than this are not read for their CRS (MATSim's output_config.xml is tens of KB). */
export const CONFIG_READ_MAX_BYTES = 5 * 1024 * 1024;

/** The config among the files to read the CRS from: output_config.xml first, then any *config*.xml. */
export function configFileOf<F extends { name: string; size: number }>(files: readonly F[]): F | undefined {
  const small = files.filter((file) => file.size <= CONFIG_READ_MAX_BYTES);
  return (
    small.find((file) => file.name === 'output_config.xml') ??
    small.find((file) => /^output_config.*\.xml$/i.test(file.name) && !/reduced/i.test(file.name)) ??
    small.find((file) => /config.*\.xml$/i.test(file.name) && !/reduced/i.test(file.name))
  );
}

/** `global.coordinateSystem` of a config's text, or undefined (none, or not a readable config). */
export function coordinateSystemOf(text: string): string | undefined {
  try {
    return getParam(parseConfigText(text), 'global', 'coordinateSystem')?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The search result that is the named CRS: the same code (`EPSG:26910`, `Atlantis`), the same EPSG digits, or the
 * entry the server found through MATSim's name (shown as "… (MATSim GK4)"). Undefined when none is (a name the
 * catalogue does not know: the search's word matches are not it).
 */
export function matchingCrs(value: string, results: readonly Crs[]): Crs | undefined {
  const wanted = value.trim().toLowerCase();
  const digits = /^(?:epsg\s*:?\s*)?0*(\d+)$/i.exec(wanted)?.[1];
  return results.find(
    (crs) =>
      crs.code.toLowerCase() === wanted ||
      (digits !== undefined && crs.code === `EPSG:${digits}`) ||
      crs.name.toLowerCase().endsWith(`(matsim ${wanted})`),
  );
}
