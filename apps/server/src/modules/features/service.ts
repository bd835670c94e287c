/** Feature flags: the contract's defaults, overridden by whatever an administrator stored. */
import { DEFAULT_FEATURES, FEATURE_NAMES, type FeatureName, type Features, type FeaturesUpdate } from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { FeaturesRepository } from './repository.ts';

export class FeaturesService {
  constructor(
    private readonly features: FeaturesRepository,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  /** Public: the web app needs the flags before anyone signs in (e.g. the sign-up link). */
  async enabled(): Promise<Features> {
    const result: Features = { ...DEFAULT_FEATURES };
    for (const row of await this.features.list()) {
      // Rows for flags that were later removed from the contract are ignored, not returned.
      if (isFeatureName(row.name)) result[row.name] = row.enabled;
    }
    return result;
  }

  async isEnabled(name: FeatureName): Promise<boolean> {
    return (await this.enabled())[name];
  }

  async get(actor: Actor | null): Promise<Features> {
    requireAdmin(actor);
    return this.enabled();
  }

  async update(actor: Actor | null, update: FeaturesUpdate): Promise<Features> {
    const admin = requireAdmin(actor);
    const entries = FEATURE_NAMES.flatMap((name) => {
      const enabled = update[name];
      return enabled === undefined ? [] : [{ name, enabled }];
    });
    await this.features.save(entries);
    this.events.info({ event: 'settings.features-changed', features: Object.fromEntries(entries.map((e) => [e.name, e.enabled])), ...actedBy(admin) }, 'feature flags changed');
    return this.enabled();
  }
}

const isFeatureName = (name: string): name is FeatureName => (FEATURE_NAMES as readonly string[]).includes(name);
