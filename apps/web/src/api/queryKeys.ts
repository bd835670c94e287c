/** Query keys in one place, so invalidation and cache updates name the same thing. */
export const queryKeys = {
  session: ['session'] as const,
  featuresEnabled: ['features', 'enabled'] as const,
  group: (name: string) => ['groups', 'find', name] as const,
};
