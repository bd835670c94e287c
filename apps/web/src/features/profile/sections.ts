/** Profile sections in tab order; the first is the default (spec 1 §2.18). */
export const PROFILE_SECTIONS = ['security', 'apikeys', 'emails', 'teams', 'appearance'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export function isProfileSection(value: string): value is ProfileSection {
  return (PROFILE_SECTIONS as readonly string[]).includes(value);
}
