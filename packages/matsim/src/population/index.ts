export * from './model.ts';
export { readPopulation, streamPersons, type StreamPersonsOptions } from './reader.ts';
export { routeLinkIds, routeNodeIds, ptRouteInfo, type PtRouteInfo } from './routes.ts';
export { writePopulation, type WritePopulationOptions, type PopulationWriteVersion } from './writer.ts';
export { convertNodeRoutes } from './convert.ts';
