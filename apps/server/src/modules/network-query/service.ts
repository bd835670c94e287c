/**
 * The map editor's network reads: queries over the binary form (`query.ts`) and the network info. Access: whoever
 * can read the file (`FileAccess`: its uploader, readers of a scenario or run using it, admins); others get 404.
 */
import { NETWORK_ATTRIBUTE_VALUES_MAX, NETWORK_QUERY_MAX_LINKS, NetworkInfo, type NetworkAttributeValues, type NetworkQueryAnswer, type NetworkQueryRequest } from '@corridor/contract';
import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../shared/access.ts';
import { badRequest, conflict, HttpError, notFound } from '../../shared/errors.ts';
import { userMessage } from '../../shared/user-message.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FileAccess } from '../files/access.ts';
import type { FilesRepository } from '../files/repository.ts';
import { isNetworkTag, NETWORK_INFO_FILENAME } from '../network-processing/processor.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { attributeValues, NetworkQueryError, networkQuerySteps, QUERY_CHUNK } from './query.ts';
import type { LoadedNetwork, NetworkStore } from './store.ts';

export const NOT_A_NETWORK = 'Only network files can be queried: this file is not a MATSim network.';
export const NOT_PROCESSED = 'The network has not been processed for the map yet; try again once its post-processing has finished.';
export const NOT_PREPARED = 'The network could not be prepared for the map:';
/** The answer of a query whose client went away: nothing is sent. */
export const QUERY_ABORTED = new HttpError(499, 'The query was aborted.');

/** Every pause of a cooperative query (`cooperate`): tests watch the work stop when the client goes away. */
export const queryPauses: { count: number; onPause?: () => void } = { count: 0 };

/**
 * Runs the steps, giving the event loop a turn at every pause (a closed connection is noticed there) and
 * stopping with QUERY_ABORTED once the signal says the client went away.
 */
async function cooperate<T>(steps: Generator<void, T>, signal?: AbortSignal): Promise<T> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    queryPauses.count++;
    queryPauses.onPause?.();
    await nextTurn();
    if (signal?.aborted) throw QUERY_ABORTED;
  }
}

/** The answer's JSON text, the features stringified QUERY_CHUNK at a time with a pause between. */
function* answerJson(answer: NetworkQueryAnswer): Generator<void, string> {
  const parts: string[] = [];
  for (let i = 0; i < answer.features.length; i += QUERY_CHUNK) {
    if (i > 0) yield;
    parts.push(JSON.stringify(answer.features.slice(i, i + QUERY_CHUNK)).slice(1, -1));
  }
  return `{"features":[${parts.join(',')}],"link_attributes":${JSON.stringify(answer.link_attributes)},"query_exceeds_limit":${answer.query_exceeds_limit}}`;
}

export interface NetworkQueryDeps {
  files: FilesRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  store: NetworkStore;
  maxLinks?: number;
  /**
   * Builds the derived files of a network processed before they existed (`NetworkProcessing.prepareBinary`):
   * true when built, false when the network has not been processed.
   */
  prepare?: (fileId: number) => Promise<boolean>;
}

export class NetworkQueryService {
  constructor(private readonly deps: NetworkQueryDeps) {}

  /**
   * The answer as JSON text. It is computed and stringified in chunks with a turn of the event loop between them,
   * and stops at the next chunk once the client went away (`signal`). A load or build in progress is not stopped:
   * it is kept for the next call (the LRU, the derived files); only the answer, the costly part per request, is.
   */
  async query(actor: Actor | null, fileId: number, request: NetworkQueryRequest, signal?: AbortSignal): Promise<string> {
    const net = await this.network(actor, fileId);
    if (signal?.aborted) throw QUERY_ABORTED;
    try {
      const answer = await cooperate(networkQuerySteps(net, request, this.deps.maxLinks ?? NETWORK_QUERY_MAX_LINKS), signal);
      return await cooperate(answerJson(answer), signal);
    } catch (err) {
      throw err instanceof NetworkQueryError ? badRequest(err.message) : err;
    }
  }

  /** The distinct values of a categorical link attribute (the categorical filter's list); 400 for any other. */
  async attributeValues(actor: Actor | null, fileId: number, name: string, signal?: AbortSignal): Promise<NetworkAttributeValues> {
    const net = await this.network(actor, fileId);
    if (signal?.aborted) throw QUERY_ABORTED;
    try {
      return attributeValues(net, name, NETWORK_ATTRIBUTE_VALUES_MAX);
    } catch (err) {
      throw err instanceof NetworkQueryError ? badRequest(err.message) : err;
    }
  }

  async info(actor: Actor | null, fileId: number): Promise<NetworkInfo> {
    await this.requireNetwork(actor, fileId);
    const find = () => this.deps.files.findDerived(fileId, NETWORK_INFO_FILENAME);
    const derived = (await find()) ?? ((await this.prepared(fileId)) ? await find() : null);
    if (!derived) throw notFound(NOT_PROCESSED);
    return NetworkInfo.parse(JSON.parse((await buffer(this.deps.blobs.read(derived.blobKey))).toString('utf8')));
  }

  private async network(actor: Actor | null, fileId: number): Promise<LoadedNetwork> {
    await this.requireNetwork(actor, fileId);
    const net = (await this.deps.store.get(fileId)) ?? ((await this.prepared(fileId)) ? await this.deps.store.get(fileId) : null);
    if (!net) throw conflict(NOT_PROCESSED);
    return net;
  }

  /** Whether the missing derived files were built now (a network processed before they existed). */
  private async prepared(fileId: number): Promise<boolean> {
    if (!this.deps.prepare) return false;
    try {
      return await this.deps.prepare(fileId);
    } catch (err) {
      throw conflict(`${NOT_PREPARED} ${userMessage(err)}`);
    }
  }

  private async requireNetwork(actor: Actor | null, fileId: number): Promise<void> {
    const { file } = await this.deps.fileAccess.require(actor, fileId);
    if (!isNetworkTag(file.tag)) throw badRequest(NOT_A_NETWORK);
  }
}
