import { describe, expect, it } from 'vitest';
import { readConfig } from '@corridor/matsim';
import { scoringParamsFromConfig, scoringSubpopulations } from './params.ts';

const data = new URL('../../../../../shared/data/', import.meta.url).pathname;

describe('scoringParamsFromConfig', () => {
  it('reads the old-named equil config with flat params and nested activityParams', async () => {
    const params = scoringParamsFromConfig(await readConfig(`${data}output-equil-2024/input/config.xml`));
    expect(params.performing).toBe(6);
    expect(params.lateArrival).toBe(-18);
    expect(params.brainExpBeta).toBe(2);
    expect(params.activities.get('w')).toMatchObject({ typicalDuration: 28800, openingTime: 25200, latestStartTime: 32400, closingTime: 64800, earliestEndTime: undefined });
    expect(params.activities.get('h')?.typicalDuration).toBe(43200);
    expect(params.activities.get('car interaction')?.scoringThisActivityAtAll).toBe(false);
    expect(params.modes.get('car')?.marginalUtilityOfTraveling_util_hr).toBe(-6);
    expect(params.waitingPt).toBe(-6);
  });

  it('reads the scoringParameters set of newwest with its modeParams', async () => {
    const params = scoringParamsFromConfig(await readConfig(`${data}output-newwest-2024/input/config.xml`));
    expect(params.activities.get('work')?.closingTime).toBe(64800);
    expect(params.modes.get('car')?.monetaryDistanceRate).toBe(-0.0001);
    expect(params.modes.get('walk')?.monetaryDistanceRate).toBe(0);
    expect(params.modes.get('ride')?.marginalUtilityOfTraveling_util_hr).toBe(-6);
  });

  it('reads numbered old-style activity params and traveling_<mode>', async () => {
    const params = scoringParamsFromConfig(await readConfig(`${data}configs/old-naming/mielec_drt_config_2023.xml`));
    expect(params.activities.get('dummy')?.typicalDuration).toBe(86400);
    expect(params.modes.get('drt')?.marginalUtilityOfTraveling_util_hr).toBe(-6);
    expect(params.activities.get('drt interaction')?.scoringThisActivityAtAll).toBe(false);
  });

  it('picks the scoringParameters set of the requested subpopulation', async () => {
    const xml = `<?xml version="1.0" ?><!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">
<config><module name="scoring"><param name="learningRate" value="0.5" />
  <parameterset type="scoringParameters"><param name="performing" value="5" />
    <parameterset type="activityParams"><param name="activityType" value="home" /><param name="typicalDuration" value="10:00:00" /></parameterset>
  </parameterset>
  <parameterset type="scoringParameters"><param name="subpopulation" value="freight" /><param name="performing" value="0" />
    <parameterset type="modeParams"><param name="mode" value="truck" /><param name="constant" value="-3" /></parameterset>
  </parameterset>
</module></config>`;
    const config = await readConfig(Buffer.from(xml));
    expect(scoringSubpopulations(config)).toEqual(['freight']);
    const normal = scoringParamsFromConfig(config);
    const freight = scoringParamsFromConfig(config, 'freight');
    expect([normal.performing, normal.learningRate, normal.activities.has('home'), normal.modes.has('truck')]).toEqual([5, 0.5, true, false]);
    expect([freight.performing, freight.learningRate, freight.activities.has('home'), freight.modes.get('truck')?.constant]).toEqual([0, 0.5, false, -3]);
    expect(freight.activities.get('truck interaction')?.scoringThisActivityAtAll).toBe(false);
  });
});
