/** A team's settings page (spec 3 §2.7); members is the default section. */
export function teamSettingsPath(groupName: string): string {
  return `/${encodeURIComponent(groupName)}/settings`;
}
