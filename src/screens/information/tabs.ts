export const INFORMATION_TABS = ['profile', 'transfer', 'logs'] as const;
export type InformationTab = (typeof INFORMATION_TABS)[number];

export function isInformationTab(value: string | null): value is InformationTab {
  return !!value && (INFORMATION_TABS as readonly string[]).includes(value);
}

/** Spec §9: switching tabs shows a loading overlay for this long. */
export const TAB_OVERLAY_MS = 300;
