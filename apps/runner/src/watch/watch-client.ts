/**
 * The watch client's calls (contract external-runs.ts): the runner protocol's client pointed at an external run's
 * reporting routes, authenticated with an API key, plus the call that creates the run.
 */
import { ExternalRunCreated, type CreateExternalRunRequest } from '@corridor/contract';
import { ProtocolClient, ServerError } from '../client.ts';

export class WatchClient extends ProtocolClient {
  constructor(serverUrl: string, apiKey: string) {
    super(serverUrl, apiKey, { prefix: '', job: (runId) => `/datasets/runs/${runId}/external` });
  }

  async create(body: CreateExternalRunRequest): Promise<ExternalRunCreated> {
    return ExternalRunCreated.parse(await this.json('POST', '/datasets/runs/external', body));
  }
}

/** The server will not take this run's reports any more: it ended (409), or the key or the access is gone. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ServerError && [401, 403, 404, 409].includes(error.status);
}
