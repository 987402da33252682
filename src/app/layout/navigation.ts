import { isStaffUser, type StaffFlags } from '../../domain/staff';
/** The sidebar of the client area (spec client-area section 2). */

export interface SidebarItem {
  label: string;
  path: string;
  badge?: string;
}

const CLIENT_ITEMS: readonly SidebarItem[] = [
  { label: 'Willkommen', path: '/admin/start' },
  { label: 'Weinwissen', path: '/admin/academy-overview' },
  { label: 'Mein Weindepot', path: '/admin/depot' },
  { label: 'Top Angebote', path: '/admin/weinangebot', badge: 'NEU' },
  { label: 'Entdecken', path: '/admin/all-wineries/' },
  { label: 'Persönliche Angebote', path: '/admin/selection' },
  { label: 'Mein Orderbuch', path: '/admin/orderlist' },
];

const MANAGEMENT_ITEM: SidebarItem = { label: 'Management', path: '/admin/management' };

export type StaffRoles = StaffFlags;

/** The back office is for staff accounts and superusers: the server's rule for every staff operation. */
export function canUseBackOffice(user: StaffRoles): boolean {
  return isStaffUser(user);
}

/** Management is listed for staff and superusers; the server enforces the role on every call. */
export function sidebarItems(user: StaffRoles): SidebarItem[] {
  return canUseBackOffice(user) ? [...CLIENT_ITEMS, MANAGEMENT_ITEM] : [...CLIENT_ITEMS];
}

export function isSidebarItemActive(item: SidebarItem, pathname: string): boolean {
  const base = item.path.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}
