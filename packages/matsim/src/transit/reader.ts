/** Streaming reader for transit schedules v1 and v2 (v1 is a subset of v2, so one reader serves both). */
import type { Attributes } from '../common/attributes.ts';
import {
  compact,
  optionalBoolean,
  optionalNumber,
  optionalTime,
  putUnique,
  requiredNumber,
  requiredText,
  requiredTime,
} from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { nestedHandler } from '../xml/nested.ts';
import { readXml, type ReadXmlOptions, type XmlAttributes } from '../xml/sax.ts';
import { emptyTransitSchedule } from './model.ts';
import type { Departure, StopFacility, TransitLine, TransitRoute, TransitSchedule } from './model.ts';

export async function readTransitSchedule(input: Input, options?: ReadXmlOptions): Promise<TransitSchedule> {
  const schedule = emptyTransitSchedule();
  let stop: StopFacility | undefined;
  let line: TransitLine | undefined;
  let route: TransitRoute | undefined;
  let departure: Departure | undefined;
  let departureIds = new Set<string>();
  let text: string | undefined;

  const open = (name: string, attrs: XmlAttributes) => {
    switch (name) {
      case 'stopFacility': {
        const id = requiredText(attrs, 'id', name);
        const facility = {
          id,
          x: requiredNumber(attrs, 'x', name),
          y: requiredNumber(attrs, 'y', name),
          z: optionalNumber(attrs, 'z', name),
          linkRefId: attrs.linkRefId,
          name: attrs.name,
          stopAreaId: attrs.stopAreaId,
          isBlocking: optionalBoolean(attrs, 'isBlocking', name),
        };
        putUnique(schedule.stops, id, compact(facility), 'stop facility');
        stop = schedule.stops.get(id);
        break;
      }
      case 'relation':
        schedule.minimalTransferTimes.push({
          fromStop: requiredText(attrs, 'fromStop', name),
          toStop: requiredText(attrs, 'toStop', name),
          transferTime: requiredTime(attrs, 'transferTime', name),
        });
        break;
      case 'transitLine': {
        const id = requiredText(attrs, 'id', name);
        line = compact({ id, name: attrs.name, routes: new Map() });
        putUnique(schedule.lines, id, line, 'transit line');
        break;
      }
      case 'transitRoute': {
        const id = requiredText(attrs, 'id', name);
        const routes = current(line, name).routes;
        if (routes.has(id)) {
          throw new MatsimFormatError('invalid-value', `Duplicate transit route id "${id}" in line "${line?.id}".`);
        }
        route = { id, transportMode: '', stops: [], links: [], departures: [] };
        routes.set(id, route);
        departureIds = new Set();
        break;
      }
      case 'description':
      case 'transportMode':
        text = '';
        break;
      case 'stop': {
        const refId = requiredText(attrs, 'refId', name);
        if (!schedule.stops.has(refId)) {
          throw new MatsimFormatError('invalid-value', `<stop refId="${refId}"> names no stop facility of the schedule.`);
        }
        current(route, name).stops.push(
          compact({
            refId,
            arrivalOffset: optionalTime(attrs, 'arrivalOffset', name),
            departureOffset: optionalTime(attrs, 'departureOffset', name),
            allowBoarding: optionalBoolean(attrs, 'allowBoarding', name),
            allowAlighting: optionalBoolean(attrs, 'allowAlighting', name),
            awaitDeparture: optionalBoolean(attrs, 'awaitDeparture', name),
          }),
        );
        break;
      }
      case 'link':
        // Old files may list several links, space-separated, in one refId.
        current(route, name).links.push(...requiredText(attrs, 'refId', name).split(' ').filter(Boolean));
        break;
      case 'departure': {
        const target = current(route, name);
        const id = requiredText(attrs, 'id', name);
        if (departureIds.has(id)) {
          throw new MatsimFormatError('invalid-value', `Duplicate departure id "${id}" in transit route "${target.id}".`);
        }
        departureIds.add(id);
        departure = compact({
          id,
          departureTime: requiredTime(attrs, 'departureTime', name),
          vehicleRefId: attrs.vehicleRefId,
        });
        target.departures.push(departure);
        break;
      }
      case 'chainedDeparture':
        (current(departure, name).chainedDepartures ??= []).push(
          compact({
            toDeparture: requiredText(attrs, 'toDeparture', name),
            toTransitLine: attrs.toTransitLine,
            toTransitRoute: attrs.toTransitRoute,
          }),
        );
        break;
    }
  };

  const owner = (parent: string | undefined): { attributes?: Attributes } | undefined => {
    switch (parent) {
      case 'transitSchedule':
        return schedule;
      case 'stopFacility':
        return stop;
      case 'transitLine':
        return line;
      case 'transitRoute':
        return route;
      case 'departure':
        return departure;
      default:
        return undefined;
    }
  };

  await readXml(
    input,
    nestedHandler({
      root: ['transitSchedule'],
      format: 'transit schedule',
      owner,
      open,
      text(chunk) {
        if (text !== undefined) text += chunk;
      },
      close(name, parent) {
        switch (name) {
          case 'description':
            if (route && parent === 'transitRoute') route.description = (text ?? '').trim();
            text = undefined;
            break;
          case 'transportMode':
            current(route, name).transportMode = (text ?? '').trim();
            text = undefined;
            break;
          case 'stopFacility':
            stop = undefined;
            break;
          case 'transitLine':
            line = undefined;
            break;
          case 'transitRoute':
            if (!route?.transportMode) {
              throw new MatsimFormatError('invalid-value', `Transit route "${route?.id}" has no transportMode.`);
            }
            route = undefined;
            break;
          case 'departure':
            departure = undefined;
            break;
        }
      },
    }),
    options,
  );
  return schedule;
}

function current<T>(value: T | undefined, element: string): T {
  if (value === undefined) throw new MatsimFormatError('invalid-value', `<${element}> is out of place.`);
  return value;
}
