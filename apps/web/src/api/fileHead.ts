/** The decompressed beginning of a file (issue 24): views of compressed run outputs such as output_events.xml.gz. */
import { FileHead } from '@corridor/contract';
import { api } from './client.ts';

export const fetchFileHead = (fileId: number, signal?: AbortSignal) => api.get(`/datasets/files/${fileId}/head`, FileHead, { signal });
