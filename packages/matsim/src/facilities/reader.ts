/** Reader for facilities v1 and v2 (v1 is a subset of v2, so one reader serves both). */
import { AttributesCollector } from '../common/attributes.ts';
import { writeTime } from '../common/time-text.ts';
import { optionalNumber, putUnique, requiredNumber, requiredText, requiredTime } from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type ReadXmlOptions, type XmlAttributes } from '../xml/sax.ts';
import { emptyFacilities, type Facilities, type Facility, type FacilityActivity, type OpeningTime } from './model.ts';

const ROOT_FIELDS = new Set(['name']);

/** The XML attributes facilities v1/v2 define per element: anything else is refused, never skipped. */
const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  facility: new Set(['id', 'linkId', 'x', 'y', 'z', 'desc']),
  activity: new Set(['type']),
  capacity: new Set(['value']),
  opentime: new Set(['day', 'start_time', 'end_time']),
};

/** What DRT operation facilities (drt-extensions contrib) have and activity facilities do not. */
const OPERATION_FACILITY_ELEMENTS = new Set(['chargers', 'charger']);
const OPERATION_FACILITY_FIELDS = new Set(['capacity', 'type']);
const OPERATION_FACILITIES =
  'This is a DRT operation facilities file (drt-extensions contrib: <facility capacity type>, <chargers>), not MATSim activity facilities.';

export async function readFacilities(input: Input, options?: ReadXmlOptions): Promise<Facilities> {
  const result = emptyFacilities();
  const attributes = new AttributesCollector();
  let sawRoot = false;
  let facility: Facility | undefined;
  let activity: FacilityActivity | undefined;

  const open = (name: string, attrs: XmlAttributes) => {
    if (!sawRoot) {
      expectRoot(name, ['facilities'], 'facilities');
      sawRoot = true;
      if (attrs.name !== undefined) result.name = attrs.name;
      for (const key in attrs) if (!ROOT_FIELDS.has(key)) (result.extra ??= {})[key] = attrs[key]!;
      return;
    }
    if (attributes.open(name, attrs)) return;
    onlyKnownFields(name, attrs);
    switch (name) {
      case 'facility':
        facility = readFacility(attrs);
        putUnique(result.facilities, facility.id, facility, 'facility');
        break;
      case 'activity':
        activity = { type: requiredText(attrs, 'type', name), opentimes: [] };
        within(facility, name).activities.push(activity);
        break;
      case 'capacity':
        within(activity, name).capacity = requiredNumber(attrs, 'value', name);
        break;
      case 'opentime':
        within(activity, name).opentimes.push(readOpentime(attrs));
        break;
      default:
        if (OPERATION_FACILITY_ELEMENTS.has(name)) throw new MatsimFormatError('invalid-value', `<${name}>: ${OPERATION_FACILITIES}`);
        throw new MatsimFormatError('invalid-value', `Unexpected element <${name}> in a facilities file.`);
    }
  };

  const close = (name: string) => {
    if (attributes.active) {
      const done = attributes.close(name);
      if (done && done.size > 0) {
        if (facility) facility.attributes = done;
        else result.attributes = done;
      }
      return;
    }
    if (name === 'activity') activity = undefined;
    else if (name === 'facility') facility = undefined;
  };

  await readXml(input, { open, close, text: (text) => attributes.onText(text) }, options);
  return result;
}

function onlyKnownFields(element: string, attrs: XmlAttributes): void {
  const fields = FIELDS[element];
  if (fields === undefined) return;
  for (const key in attrs) {
    if (fields.has(key)) continue;
    if (element === 'facility' && OPERATION_FACILITY_FIELDS.has(key)) {
      throw new MatsimFormatError('invalid-value', `<facility ${key}="…">: ${OPERATION_FACILITIES}`);
    }
    throw new MatsimFormatError('invalid-value', `<${element}> has the attribute ${key}, which facilities v1/v2 do not define.`);
  }
}

function readFacility(attrs: XmlAttributes): Facility {
  const facility: Facility = { id: requiredText(attrs, 'id', 'facility'), activities: [] };
  if (attrs.linkId !== undefined) facility.linkId = attrs.linkId;
  const x = optionalNumber(attrs, 'x', 'facility');
  const y = optionalNumber(attrs, 'y', 'facility');
  if (x !== undefined && y !== undefined) {
    facility.x = x;
    facility.y = y;
    const z = optionalNumber(attrs, 'z', 'facility');
    if (z !== undefined) facility.z = z;
  } else if (facility.linkId === undefined) {
    throw new MatsimFormatError('invalid-value', `<facility id="${facility.id}"> has neither a coordinate nor a linkId.`);
  }
  if (attrs.desc !== undefined) facility.desc = attrs.desc;
  return facility;
}

function readOpentime(attrs: XmlAttributes): OpeningTime {
  const opentime: OpeningTime = {
    day: attrs.day ?? 'wk',
    startTime: requiredTime(attrs, 'start_time', 'opentime'),
    endTime: requiredTime(attrs, 'end_time', 'opentime'),
  };
  // Remember the file's text only where rewriting would change it (`08:00` → `08:00:00`).
  if (writeTime(opentime.startTime) !== attrs.start_time) (opentime.timeText ??= {}).startTime = attrs.start_time;
  if (writeTime(opentime.endTime) !== attrs.end_time) (opentime.timeText ??= {}).endTime = attrs.end_time;
  return opentime;
}

function within<T>(parent: T | undefined, name: string): T {
  if (parent === undefined) throw new MatsimFormatError('invalid-value', `<${name}> is not where the format allows it.`);
  return parent;
}
