import { COMMAND_TEMPLATES, JOB_TEMPLATE_MESSAGES, type JobTemplate } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { EMPTY_TEMPLATE, requestOf, saveState, validateTemplate, valuesOf } from './jobTemplateForm.ts';

const builtIn: JobTemplate = {
  id: 1,
  name: 'Built-in engine',
  description: 'Runs the built-in engine',
  matsimVersion: null,
  toolIntegrations: [],
  allowCustomJar: false,
  command: '$ENGINE $CONFIG $ARGS',
  files: [],
};

describe('job template editor', () => {
  it('labels Save by state: Add for new, Saved when unchanged, Save when modified', () => {
    expect(saveState(true, EMPTY_TEMPLATE, undefined)).toBe('add');
    const saved = valuesOf(builtIn);
    expect(saveState(false, { ...saved }, saved)).toBe('saved');
    expect(saveState(false, { ...saved, description: 'changed' }, saved)).toBe('save');
    expect(saveState(false, { ...saved, allowCustomJar: true }, saved)).toBe('save');
  });

  it('asks for a name and a valid command', () => {
    expect(validateTemplate({ ...EMPTY_TEMPLATE, command: '$ENGINE $CONFIG' })).toEqual({ name: { code: 'name' } });
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', command: '$ENGINE *.xml' }).command).toEqual({ code: 'wildcards' });
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', command: '$JAVA -jar $JAR' }).command).toEqual({ code: 'jarNotAllowed' });
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', command: '$ENGINE $HOME' }).command).toEqual({
      code: 'unknownPlaceholder',
      placeholder: '$HOME',
    });
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', allowCustomJar: true, command: '$JAVA -jar $JAR' })).toEqual({});
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', matsimVersion: '2025.0', command: '$JAVA -jar $JAR' })).toEqual({});
  });

  it('words every problem of the contract and every command template in both languages', () => {
    for (const catalogue of [en, de]) {
      expect(Object.keys(catalogue.jobTemplates.problems).sort()).toEqual(Object.keys(JOB_TEMPLATE_MESSAGES).sort());
      expect(Object.keys(catalogue.jobTemplates.commandTemplates).sort()).toEqual(COMMAND_TEMPLATES.map((entry) => entry.key).sort());
    }
    // The English texts are the contract's (the server's) words.
    expect(en.jobTemplates.problems.wildcards).toBe(JOB_TEMPLATE_MESSAGES.wildcards);
    expect(COMMAND_TEMPLATES.map((entry) => en.jobTemplates.commandTemplates[entry.key])).toEqual(COMMAND_TEMPLATES.map((entry) => entry.name));
  });

  it('sends None as null and one integration as a list', () => {
    expect(requestOf({ ...valuesOf(builtIn), name: ' Engine ' })).toMatchObject({ name: 'Engine', matsimVersion: null, toolIntegrations: [] });
    expect(requestOf({ ...EMPTY_TEMPLATE, matsimVersion: '2025.0', toolIntegration: '2025.0' })).toMatchObject({
      matsimVersion: '2025.0',
      toolIntegrations: ['2025.0'],
    });
  });
});
