import { z } from 'zod';
import { ENGINE_VERSIONS } from './constants.ts';

export const EngineDownloadQuery = z.object({ matsim: z.enum(ENGINE_VERSIONS) });

export const EngineDownloadState = z.enum(['idle', 'downloading', 'verifying', 'done', 'error']);
export type EngineDownloadState = z.infer<typeof EngineDownloadState>;

/** Progress of the engine download (POST /jobs/setup answers it; GET /jobs/setup polls it). */
export const EngineDownloadStatus = z.object({
  version: z.string().nullable(),
  state: EngineDownloadState,
  receivedBytes: z.number().int(),
  totalBytes: z.number().int().nullable(),
  checksumVerified: z.boolean(),
  error: z.string().nullable(),
  path: z.string().nullable(),
});
export type EngineDownloadStatus = z.infer<typeof EngineDownloadStatus>;
