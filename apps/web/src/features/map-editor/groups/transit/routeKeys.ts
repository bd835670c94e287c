/** A route's key in the view (hover, layer objects): line and route id, which together name a route. */
export const routeHoverKey = (lineId: string, routeId: string): string => JSON.stringify([lineId, routeId]);
