/**
 * The DRT generation calls of the map editor (spec 2 §7, issue 29): vehicles placed on links of a mode inside a drawn
 * area, and stops with coordinates. A failed call throws ApiError with the server's reason ("Failed to generate
 * vehicles: …").
 */
import { GenerateStopsAnswer, GenerateVehiclesAnswer, type GenerateStopsRequest, type GenerateVehiclesRequest } from '@corridor/contract';
import { api } from './client.ts';

export function generateDrtVehicles(request: GenerateVehiclesRequest, signal?: AbortSignal): Promise<GenerateVehiclesAnswer> {
  return api.post('/datasets/editor/dvrp_vehicles/generate', GenerateVehiclesAnswer, { json: request, signal });
}

export function generateDrtStops(request: GenerateStopsRequest, signal?: AbortSignal): Promise<GenerateStopsAnswer> {
  return api.post('/datasets/editor/dvrp_stops/generate', GenerateStopsAnswer, { json: request, signal });
}
