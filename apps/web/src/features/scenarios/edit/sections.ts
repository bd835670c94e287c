/** Sections of the scenario edit page in tab order; the first is the default (spec 1 §2.11). */
export const EDIT_SECTIONS = ['general', 'team', 'access', 'delete'] as const;
export type EditSection = (typeof EDIT_SECTIONS)[number];

export function isEditSection(value: string): value is EditSection {
  return (EDIT_SECTIONS as readonly string[]).includes(value);
}
