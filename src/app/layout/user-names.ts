/** How the logged-in user is named in the top bar and greeted on the start page. */

export interface NamedUser {
  email: string;
  firstName: string;
  lastName: string;
  directSalutation?: string | null;
}

export function displayName(user: NamedUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The direct salutation (e.g. "Frau Dr. Berger") when the server knows one, else the first name. */
export function greetingName(user: NamedUser): string {
  return user.directSalutation?.trim() || user.firstName.trim() || displayName(user);
}
