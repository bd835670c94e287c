/**
 * CRS detection when files enter a dataset (issue 24): upload and attach, templates, server import, run import and
 * a run's outputs all end in `NetworkProcessing.filesAttached`, which asks this first. The CRS a config or network
 * names is kept as the dataset's `__crsDetected` (a config's `global.coordinateSystem` wins over a network's
 * attribute: it is what MATSim uses); when the dataset has no `__crs` and the catalogue knows the detected one, it
 * becomes the `__crs` — MATSim would use it too — and the UI says where it came from. A CRS the user chose is never
 * overwritten.
 */
import type { DetectedCrs } from '@corridor/contract';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { FilesRepository } from '../files/repository.ts';
import { crsNamedIn } from './detect.ts';

export const DETECTED_CRS_ATTRIBUTE = '__crsDetected';

export interface CrsDetectionDeps {
  datasets: Pick<DatasetsRepository, 'findById' | 'patchAttributes'>;
  files: Pick<FilesRepository, 'findById'>;
  blobs: BlobStore;
}

export class CrsDetection {
  constructor(private readonly deps: CrsDetectionDeps) {}

  /** Looks for a CRS in the files just attached; answers true when it became the dataset's `__crs` now. */
  async filesAttached(datasetId: number, fileIds: number[]): Promise<boolean> {
    const { datasets, files, blobs } = this.deps;
    let best: DetectedCrs | null = null;
    for (const fileId of fileIds) {
      const file = await files.findById(fileId);
      if (!file) continue;
      const found = await crsNamedIn(file.tag, () => blobs.read(file.blobKey));
      if (!found) continue;
      const detected: DetectedCrs = { ...found, fileId, fileName: file.name, applied: false };
      if (!best || rank(detected) > rank(best)) best = detected;
    }
    if (!best) return false;
    const dataset = await datasets.findById(datasetId);
    if (!dataset) return false;
    const previous = dataset.attributes[DETECTED_CRS_ATTRIBUTE] as DetectedCrs | undefined;
    // A network's attribute does not replace what a config said.
    if (previous && previous.fileId !== best.fileId && rank(previous) > rank(best)) return false;
    const current = dataset.attributes.__crs;
    const apply = (typeof current !== 'string' || current.trim() === '') && best.code !== null;
    await datasets.patchAttributes(datasetId, {
      [DETECTED_CRS_ATTRIBUTE]: { ...best, applied: apply || (previous?.applied === true && current === best.code) },
      ...(apply ? { __crs: best.code } : {}),
    });
    return apply;
  }
}

/** A config's global.coordinateSystem first (MATSim uses it), then a known CRS before an unknown one. */
function rank(detected: DetectedCrs): number {
  return (detected.field === 'global.coordinateSystem' ? 2 : 0) + (detected.code === null ? 0 : 1);
}
