import { JOB_TEMPLATE_MESSAGES, type JobTemplate } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
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
    expect(validateTemplate({ ...EMPTY_TEMPLATE, command: '$ENGINE $CONFIG' })).toEqual({ name: JOB_TEMPLATE_MESSAGES.name });
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', command: '$ENGINE *.xml' }).command).toBe(JOB_TEMPLATE_MESSAGES.wildcards);
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', command: '$JAVA -jar $JAR' }).command).toBe(JOB_TEMPLATE_MESSAGES.jarNotAllowed);
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', allowCustomJar: true, command: '$JAVA -jar $JAR' })).toEqual({});
    expect(validateTemplate({ ...EMPTY_TEMPLATE, name: 'x', matsimVersion: '2025.0', command: '$JAVA -jar $JAR' })).toEqual({});
  });

  it('sends None as null and one integration as a list', () => {
    expect(requestOf({ ...valuesOf(builtIn), name: ' Engine ' })).toMatchObject({ name: 'Engine', matsimVersion: null, toolIntegrations: [] });
    expect(requestOf({ ...EMPTY_TEMPLATE, matsimVersion: '2025.0', toolIntegration: '2025.0' })).toMatchObject({
      matsimVersion: '2025.0',
      toolIntegrations: ['2025.0'],
    });
  });
});
