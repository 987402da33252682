import { describe, expect, it } from 'vitest';
import { type BillingPerson, billingComplete } from '../../src/domain/billing-data';

const complete: BillingPerson = {
  firstName: 'Anna',
  lastName: 'Muster',
  streetAndNumber: 'Weinweg 1',
  postalCode: '80331',
  city: 'München',
};

describe('Rechnungsinformationen vollständig', () => {
  it('accepts first name, last name, street, postal code and city', () => {
    expect(billingComplete(complete)).toBe(true);
  });

  it.each([
    ['first name empty', { firstName: '' }],
    ['last name only spaces', { lastName: '   ' }],
    ['street missing', { streetAndNumber: null }],
    ['postal code blank', { postalCode: ' \t' }],
    ['city missing', { city: null }],
  ] satisfies [string, Partial<BillingPerson>][])('refuses when the %s', (_name, change) => {
    expect(billingComplete({ ...complete, ...change })).toBe(false);
  });
});
