/** The two flags of a user that decide staff rights (as the account stores them). */
export interface StaffFlags {
  isStaff: boolean;
  isSuperuser: boolean;
}

/**
 * Whether a user acts as staff: a staff member or a superuser. The back office, the access table,
 * the staff views of a client's depot and invoices and the PWA's navigation all ask this.
 */
export function isStaffUser(user: StaffFlags | null | undefined): boolean {
  return Boolean(user && (user.isStaff || user.isSuperuser));
}
