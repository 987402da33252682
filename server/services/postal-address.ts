/**
 * The postal address of a client as documents print it in their address block (invoice,
 * Zweitmarkt settlement): company, name, street, address supplement, postal code and city, and
 * the country when it is not Germany (the sender's country).
 */
import { ACCOUNT_COUNTRIES } from '../../src/domain/account-form';
import type { users } from '../db/schema';

type AddressFields = Pick<
  typeof users.$inferSelect,
  | 'company'
  | 'firstName'
  | 'lastName'
  | 'streetAndNumber'
  | 'addressSupplement'
  | 'postalCode'
  | 'city'
  | 'country'
>;

/** The address lines of `client`, named `name` (default: first and last name); empty parts left out. */
export function postalAddressLines(
  client: AddressFields,
  name: string = `${client.firstName} ${client.lastName}`,
): string[] {
  const country =
    client.country && client.country !== 'DE'
      ? (ACCOUNT_COUNTRIES.find((entry) => entry.code === client.country)?.label ?? client.country)
      : '';
  return [
    client.company ?? '',
    name,
    client.streetAndNumber ?? '',
    client.addressSupplement ?? '',
    `${client.postalCode ?? ''} ${client.city ?? ''}`.trim(),
    country,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}
