import { managesAnyPharmacyKeys, readsAudit, type UserInfo, WIDGETS } from '@portal/domain';
import {
  IconBell,
  IconFolder,
  IconForms,
  IconInfoCircle,
  IconLayoutDashboard,
  IconPackage,
  IconSettings,
  IconShieldCog,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { PATHS, widgetPagePath } from '@/lib/paths.ts';

export interface NavLinkItem {
  label: string;
  to: string;
}

/** A menu entry: a link, or a group of links. */
export interface NavEntry {
  label: string;
  /** The name under the icon on a touch screen's condensed sidebar, where the label is too wide. */
  shortLabel?: string;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  to?: string;
  links?: NavLinkItem[];
}

/** The navigation menu for this user (Pharmacy Users only for pharmacy staff, spec 2 section 6). */
export function navEntries(user: UserInfo): NavEntry[] {
  const admin: NavLinkItem[] = [
    { label: 'Facilities', to: PATHS.facilities },
    { label: 'Facility Users', to: PATHS.facilityUsers },
    { label: 'Pharmacies', to: PATHS.pharmacies },
  ];
  if (user.userType === 'PharmacyUser') admin.push({ label: 'Pharmacy Users', to: PATHS.pharmacyUsers });
  if (managesAnyPharmacyKeys(user)) admin.push({ label: 'Pharmacy API Keys', to: PATHS.pharmacyKeys });
  if (readsAudit(user)) admin.push({ label: 'Audit Trail', to: PATHS.audit });
  return [
    { label: 'Dashboard', icon: IconLayoutDashboard, to: PATHS.dashboard },
    {
      label: 'Alerts',
      icon: IconBell,
      links: WIDGETS.map((w) => ({ label: w.title, to: widgetPagePath(w) })),
    },
    { label: 'Administration', shortLabel: 'Admin', icon: IconShieldCog, links: admin },
    { label: 'Files', icon: IconFolder, to: PATHS.files },
    { label: 'Totes', icon: IconPackage, to: PATHS.packingSlips },
    { label: 'Secure Forms', icon: IconForms, to: PATHS.secureForms },
    {
      label: 'Info',
      icon: IconInfoCircle,
      links: [
        { label: 'Release Notes', to: PATHS.releaseNotes },
        { label: 'Versions', to: PATHS.versions },
      ],
    },
    { label: 'Settings', icon: IconSettings, to: PATHS.settings },
  ];
}

/** True when the current path is this link's page or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}
