/** The billing data of the order list ("Rechnungsinformationen"), shared by the PWA and the server. */

export interface BillingPerson {
  firstName: string;
  lastName: string;
  streetAndNumber: string | null;
  postalCode: string | null;
  city: string | null;
}

/**
 * Spec: binding order and payment need first name, last name, street and number, postal code and
 * city; blank (whitespace only) counts as missing.
 */
export function billingComplete(person: BillingPerson): boolean {
  return [person.firstName, person.lastName, person.streetAndNumber, person.postalCode, person.city].every(
    (value) => (value ?? '').trim() !== '',
  );
}
