import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readValue, writeValue } from './binding.ts';
import { configText, editForm, editXml, isDirty, markSaved, openDocument } from './document.ts';

const EQUIL = readFileSync(fileURLToPath(new URL('../../../../../../../shared/data/equil/config.xml', import.meta.url)), 'utf8');

describe('the edited config in both views', () => {
  test('opening shows the 2-space editor text and nothing is changed', () => {
    const document = openDocument(EQUIL);
    expect(document.xml).toContain('\n  <module name="controller">\n    <param name="outputDirectory" value="./output" />');
    expect(document.xml).toContain('\n    <param name="lastIteration" value="10" />\n  </module>');
    expect(isDirty(document)).toBe(false);
  });

  test('a form edit shows in the XML; undoing it is no change', () => {
    const opened = openDocument(EQUIL);
    const edited = editForm(opened, (config) => writeValue(config, 'controller.lastIteration', '20'));
    expect(edited.xml).toContain('<param name="lastIteration" value="20" />');
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(editForm(edited, (config) => writeValue(config, 'controller.lastIteration', '10')))).toBe(false);
  });

  test('an XML edit shows in the form; broken XML keeps the model, reports line and column and counts as a change', () => {
    const opened = openDocument(EQUIL);
    const edited = editXml(opened, opened.xml.replace('value="10"', 'value="5"'));
    expect(readValue(edited.config, 'controller.lastIteration')).toBe('5');
    expect(edited.xmlError).toBeUndefined();
    const broken = editXml(edited, edited.xml.replace('</module>', '</modul>'));
    expect(broken.xmlError).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    expect(readValue(broken.config, 'controller.lastIteration')).toBe('5');
    expect(isDirty(broken)).toBe(true);
    // Repaired, the XML is the source again.
    expect(editXml(broken, opened.xml).xmlError).toBeUndefined();
    expect(isDirty(editXml(broken, opened.xml))).toBe(false);
  });

  test('modules and params the schema does not know stay as they were, and show in the XML', () => {
    const unknown = EQUIL.replace('</config>', '<module name="myContrib"><param name="secret" value="42" /><!-- keep me --></module>\n</config>');
    const edited = editForm(openDocument(unknown), (config) => writeValue(config, 'controller.lastIteration', '3'));
    expect(edited.xml).toContain('  <module name="myContrib">\n    <param name="secret" value="42" />\n    <!-- keep me -->\n  </module>');
    expect(edited.xml).toContain('<param name="randomSeed" value="4711" />');
  });

  test('a file that does not parse opens with its error', () => {
    const document = openDocument('<config><module name="x">');
    expect(document.xmlError?.line).toBe(1);
    expect(document.xml).toBe('<config><module name="x">');
  });

  test('after saving, the saved text is the new baseline', () => {
    const edited = editForm(openDocument(EQUIL), (config) => writeValue(config, 'qsim.endTime', '30:00:00'));
    expect(isDirty(markSaved(edited, configText(edited.config)))).toBe(false);
  });
});
