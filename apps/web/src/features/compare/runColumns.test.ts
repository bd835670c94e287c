import type { RunConfigAnswer, RunDetails } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { isReady, runColumn, type Loaded } from './runColumns.ts';

const run = { id: 4, name: 'Base', groupName: 'ada', status: 'FINISHED' } as RunDetails;
const config = { modules: [{ name: 'controller', entries: [{ kind: 'param' as const, name: 'lastIteration', value: '9' }] }] };
const loaded = <T>(data: T): Loaded<T> => ({ data, error: null, isPending: false });
const pending: Loaded<never> = { error: null, isPending: true };
const failed = (message: string): Loaded<never> => ({ error: new Error(message), isPending: false });
const answer = (over: Partial<RunConfigAnswer> = {}): RunConfigAnswer => ({
  runId: 4,
  source: { fileId: 9, name: 'config.xml' },
  config,
  ...over,
});

describe('runColumn', () => {
  it('is ready with the run, the config and the file it came from', () => {
    const column = runColumn(4, loaded(run), loaded(answer()));
    expect(column).toEqual({
      id: 4,
      state: 'ready',
      run: { id: 4, name: 'Base', groupName: 'ada', status: 'FINISHED' },
      source: 'config.xml',
      config,
    });
    expect(isReady(column)).toBe(true);
  });
  it('a run that cannot be read is unavailable, whatever its config call says', () => {
    expect(runColumn(4, failed('Not found'), failed('Not found'))).toEqual({ id: 4, state: 'runUnavailable' });
    expect(runColumn(4, failed('Forbidden'), pending)).toEqual({ id: 4, state: 'runUnavailable' });
  });
  it('is loading while either call is on its way', () => {
    expect(runColumn(4, pending, loaded(answer())).state).toBe('loading');
    expect(runColumn(4, loaded(run), pending).state).toBe('loading');
  });
  it('a run without a config, or whose config failed to load, says so', () => {
    expect(runColumn(4, loaded(run), loaded(answer({ source: null, config: null })))).toMatchObject({ state: 'noConfig' });
    expect(runColumn(4, loaded(run), failed('Bad XML'))).toMatchObject({ state: 'configError', message: 'Bad XML' });
    expect(isReady(runColumn(4, loaded(run), failed('Bad XML')))).toBe(false);
  });
  it('a config without a source file has no source name', () => {
    expect(runColumn(4, loaded(run), loaded(answer({ source: null })))).toMatchObject({ state: 'ready', source: null });
  });
});
