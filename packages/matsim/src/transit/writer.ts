/** Writes a transit schedule in the v2 layout of MATSim's `TransitScheduleWriterV2`, one chunk per element. */
import { writeAttributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { formatTime } from '../common/time.ts';
import { escapeXml, matsimDoctype, xmlAttributes, XML_PROLOG } from '../xml/writer.ts';
import type { Departure, RouteStop, StopFacility, TransitRoute, TransitSchedule } from './model.ts';

export function* writeTransitSchedule(schedule: TransitSchedule): Generator<string> {
  yield XML_PROLOG + matsimDoctype('transitSchedule', 'transitSchedule_v2.dtd') + '\n<transitSchedule>\n';
  yield writeAttributes(schedule.attributes, '\t');
  yield '\t<transitStops>\n';
  for (const stop of schedule.stops.values()) yield stopFacility(stop);
  yield '\t</transitStops>\n';
  if (schedule.minimalTransferTimes.length > 0) {
    yield '\t<minimalTransferTimes>\n';
    for (const { fromStop, toStop, transferTime } of schedule.minimalTransferTimes) {
      yield `\t\t<relation${xmlAttributes([
        ['fromStop', fromStop],
        ['toStop', toStop],
        ['transferTime', formatJavaDouble(transferTime)],
      ])}/>\n`;
    }
    yield '\t</minimalTransferTimes>\n';
  }
  for (const line of schedule.lines.values()) {
    yield `\t<transitLine${xmlAttributes([
      ['id', line.id],
      ['name', line.name],
    ])}>\n${writeAttributes(line.attributes, '\t\t')}`;
    for (const route of line.routes.values()) yield* transitRoute(route);
    yield '\t</transitLine>\n';
  }
  yield '</transitSchedule>\n';
}

function stopFacility(stop: StopFacility): string {
  const attrs = xmlAttributes([
    ['id', stop.id],
    ['x', formatJavaDouble(stop.x)],
    ['y', formatJavaDouble(stop.y)],
    ['z', stop.z === undefined ? undefined : formatJavaDouble(stop.z)],
    ['linkRefId', stop.linkRefId],
    ['name', stop.name],
    ['stopAreaId', stop.stopAreaId],
    ['isBlocking', stop.isBlocking === undefined ? undefined : String(stop.isBlocking)],
  ]);
  const inner = writeAttributes(stop.attributes, '\t\t\t');
  return inner ? `\t\t<stopFacility${attrs}>\n${inner}\t\t</stopFacility>\n` : `\t\t<stopFacility${attrs}/>\n`;
}

function* transitRoute(route: TransitRoute): Generator<string> {
  let head = `\t\t<transitRoute${xmlAttributes([['id', route.id]])}>\n${writeAttributes(route.attributes, '\t\t\t')}`;
  if (route.description !== undefined) head += `\t\t\t<description>${escapeXml(route.description)}</description>\n`;
  head += `\t\t\t<transportMode>${escapeXml(route.transportMode)}</transportMode>\n\t\t\t<routeProfile>\n`;
  yield head;
  for (const stop of route.stops) yield routeStop(stop);
  yield '\t\t\t</routeProfile>\n';
  if (route.links.length > 0) {
    let links = '\t\t\t<route>\n';
    for (const link of route.links) links += `\t\t\t\t<link refId="${escapeXml(link)}"/>\n`;
    yield `${links}\t\t\t</route>\n`;
  }
  yield '\t\t\t<departures>\n';
  for (const departure of route.departures) yield departureElement(departure);
  yield '\t\t\t</departures>\n\t\t</transitRoute>\n';
}

function routeStop(stop: RouteStop): string {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  return `\t\t\t\t<stop${xmlAttributes([
    ['refId', stop.refId],
    ['arrivalOffset', stop.arrivalOffset === undefined ? undefined : formatTime(stop.arrivalOffset)],
    ['departureOffset', stop.departureOffset === undefined ? undefined : formatTime(stop.departureOffset)],
    ['allowBoarding', flag(stop.allowBoarding)],
    ['allowAlighting', flag(stop.allowAlighting)],
    ['awaitDeparture', flag(stop.awaitDeparture)],
  ])}/>\n`;
}

function departureElement(departure: Departure): string {
  const attrs = xmlAttributes([
    ['id', departure.id],
    ['departureTime', formatTime(departure.departureTime)],
    ['vehicleRefId', departure.vehicleRefId],
  ]);
  let inner = writeAttributes(departure.attributes, '\t\t\t\t\t');
  for (const chained of departure.chainedDepartures ?? []) {
    inner += `\t\t\t\t\t<chainedDeparture${xmlAttributes([
      ['toDeparture', chained.toDeparture],
      ['toTransitLine', chained.toTransitLine],
      ['toTransitRoute', chained.toTransitRoute],
    ])}/>\n`;
  }
  return inner ? `\t\t\t\t<departure${attrs}>\n${inner}\t\t\t\t</departure>\n` : `\t\t\t\t<departure${attrs}/>\n`;
}
