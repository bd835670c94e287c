/** Writes households as MATSim's `HouseholdsWriterV10` does. */
import { writeAttributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { escapeXml, xmlAttributes, XML_PROLOG } from '../xml/writer.ts';
import type { Household, Households } from './model.ts';

const ROOT =
  '<households xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/households_v1.0.xsd">';

export function* writeHouseholds(households: Households): Generator<string> {
  yield `${XML_PROLOG}\n${ROOT}\n`;
  for (const household of households.households.values()) yield householdElement(household);
  yield '</households>\n';
}

function householdElement(household: Household): string {
  let out = `\t<household id="${escapeXml(household.id)}">\n`;
  if (household.members.length > 0) {
    out += '\t\t<members>\n';
    for (const id of household.members) out += `\t\t\t<personId refId="${escapeXml(id)}"/>\n`;
    out += '\t\t</members>\n';
  }
  if (household.vehicles.length > 0) {
    out += '\t\t<vehicles>\n';
    for (const id of household.vehicles) out += `\t\t\t<vehicleDefinitionId refId="${escapeXml(id)}"/>\n`;
    out += '\t\t</vehicles>\n';
  }
  const { income } = household;
  if (income) {
    const attrs = xmlAttributes([
      ['currency', income.currency],
      ['period', income.period],
    ]);
    out += `\t\t<income${attrs}>${formatJavaDouble(income.value)}</income>\n`;
  }
  return `${out}${writeAttributes(household.attributes, '\t\t')}\t</household>\n`;
}
