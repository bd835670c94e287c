/**
 * The visualizer's server calls (spec 3 §7 "Visualizer"). Binary answers are read as ArrayBuffers and turned into
 * typed arrays; JSON ones are checked against the contract.
 */
import {
  AnalysisOptions,
  DataSourceOptions,
  LINK_COUNT_HEADER,
  LinkVolumeAnswer,
  FlowBundleAnswer,
  TRAJECTORY_HEADERS,
  type FlowBundleRequest,
  type LinkVolumeRequest,
  type TrajectoriesRequest,
  type VisAnalysisName,
} from '@corridor/contract';
import { decodeTrajectories, type DecodedTrajectories } from '@corridor/trajectories';
import { z } from 'zod';
import { answerError, api, apiUrl } from '../../../api/client.ts';

async function binary(path: string, body?: unknown, signal?: AbortSignal): Promise<{ bytes: ArrayBuffer; headers: Headers }> {
  const response = await fetch(apiUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // plain text
    }
    throw answerError(response.status, parsed);
  }
  return { bytes: await response.arrayBuffer(), headers: response.headers };
}

export const runOptions = (runId: number) => api.get(`/datasets/analysis/${runId}/options`, DataSourceOptions);

export interface NetworkGeometry {
  /** 4 floats per link: start lon, start lat, end lon, end lat. */
  coords: Float32Array;
  count: number;
}

export async function networkGeometry(fileId: number): Promise<NetworkGeometry> {
  const { bytes, headers } = await binary(`/datasets/network/${fileId}/binary`);
  const coords = new Float32Array(bytes);
  const header = Number(headers.get(LINK_COUNT_HEADER));
  return { coords, count: Number.isInteger(header) && header >= 0 ? Math.min(header, coords.length / 4) : coords.length / 4 };
}

export const networkLookup = (fileId: number) => api.get(`/datasets/network/${fileId}/binary/lookup`, z.array(z.string()));

export async function linkAttribute(fileId: number, name: string): Promise<Float32Array> {
  const { bytes } = await binary(`/datasets/files/${fileId}/binary-network-attributes/${encodeURIComponent(name)}`);
  return new Float32Array(bytes);
}

export const analysisOptions = (runId: number, name: VisAnalysisName) => api.get(`/datasets/analysis/${runId}/${name}/options`, AnalysisOptions);

export const linkVolume = (runId: number, body: LinkVolumeRequest, signal?: AbortSignal) =>
  api.post(`/datasets/analysis/${runId}/link-volume`, LinkVolumeAnswer, { json: body, signal });

export const flowBundle = (runId: number, body: FlowBundleRequest, signal?: AbortSignal) =>
  api.post(`/datasets/analysis/${runId}/flow-bundle`, FlowBundleAnswer, { json: body, signal });

export interface TrajectoryAnswer {
  data: DecodedTrajectories;
  bufferStart: number;
  bufferEnd: number;
  totalEvents: number;
}

export async function trajectories(runId: number, body: TrajectoriesRequest, signal?: AbortSignal): Promise<TrajectoryAnswer> {
  const { bytes, headers } = await binary(`/datasets/analysis/${runId}/trajectories`, body, signal);
  const number = (name: string, fallback: number) => {
    const value = Number(headers.get(name) ?? Number.NaN);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    data: decodeTrajectories(bytes),
    bufferStart: number(TRAJECTORY_HEADERS.bufferStart, body.timeFilter.from),
    bufferEnd: number(TRAJECTORY_HEADERS.bufferEnd, body.timeFilter.to),
    totalEvents: number(TRAJECTORY_HEADERS.totalEvents, 0),
  };
}
