/**
 * Facilities writer in the v2 format (`FacilitiesWriterV2`): facilities sorted by id as MATSim does, each with
 * its activity options (capacity, opening times) and then its attributes. Unlike MATSim, which writes every
 * opening day as `wkday`, the day is written as it is in the model.
 */
import { writeAttributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { timeText } from '../common/time-text.ts';
import { XML_PROLOG, matsimDoctype, xmlAttributes } from '../xml/writer.ts';
import type { Facilities, Facility, OpeningTime } from './model.ts';

export interface WriteFacilitiesOptions {
  /** Sort facilities by id as MATSim's writer does (default); false keeps the map's order. */
  sort?: boolean;
}

export function* writeFacilities(facilities: Facilities, options: WriteFacilitiesOptions = {}): Generator<string, void, undefined> {
  yield XML_PROLOG + matsimDoctype('facilities', 'facilities_v2.dtd');
  const root = xmlAttributes([['name', facilities.name], ...Object.entries(facilities.extra ?? {})]);
  yield `\n<facilities${root}>`;
  if (facilities.attributes?.size) yield `\n${writeAttributes(facilities.attributes, '\t').trimEnd()}`;
  const ids = [...facilities.facilities.keys()];
  if (options.sort ?? true) ids.sort();
  for (const id of ids) yield facilityXml(facilities.facilities.get(id)!);
  // MATSim ends the file without a newline after the root's end tag.
  yield '\n</facilities>';
}

function facilityXml(facility: Facility): string {
  const pairs: [string, string | undefined][] = [
    ['id', facility.id],
    ['linkId', facility.linkId],
    ['x', optionalDouble(facility.x)],
    ['y', optionalDouble(facility.y)],
    ['z', optionalDouble(facility.z)],
    ['desc', facility.desc],
  ];
  let out = `\n\t<facility${xmlAttributes(pairs)}>`;
  for (const activity of facility.activities) {
    out += `\n\t\t<activity${xmlAttributes([['type', activity.type]])}>`;
    if (activity.capacity !== undefined) out += `\n\t\t\t<capacity value="${formatJavaDouble(activity.capacity)}" />`;
    for (const opentime of activity.opentimes) out += opentimeXml(opentime);
    out += '\n\t\t</activity>';
  }
  if (facility.attributes?.size) out += `\n${writeAttributes(facility.attributes, '\t\t').trimEnd()}`;
  return `${out}\n\t</facility>`;
}

function opentimeXml(opentime: OpeningTime): string {
  const pairs: [string, string | undefined][] = [
    ['day', opentime.day],
    ['start_time', timeText(opentime.startTime, opentime.timeText?.startTime)],
    ['end_time', timeText(opentime.endTime, opentime.timeText?.endTime)],
  ];
  return `\n\t\t\t<opentime${xmlAttributes(pairs)} />`;
}

function optionalDouble(value: number | undefined): string | undefined {
  return value === undefined ? undefined : formatJavaDouble(value);
}
