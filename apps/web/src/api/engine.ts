import { EngineDownloadStatus, type EngineVersion } from '@corridor/contract';
import { api } from './client.ts';

/** Engine download (spec 1 §7.2): start it, then poll its status. */
export const engineApi = {
  startDownload: (version: EngineVersion) =>
    api.post('/jobs/setup', EngineDownloadStatus, { query: { matsim: version } }),
  downloadStatus: (signal?: AbortSignal) => api.get('/jobs/setup', EngineDownloadStatus, { signal }),
};
