/**
 * The customer number every client has from registration on: "WD-" and six digits, running from
 * WD-100001 in the order the accounts were created (the database's sequence `customer_number_seq`
 * gives them, so two registrations at the same moment never share one). Invoices, cancellation
 * invoices, certificates and settlements name it; the account settings show it.
 */

export const CUSTOMER_NUMBER_PREFIX = 'WD-';

/** The first number handed out; six digits from the start, so every number has the same length. */
export const FIRST_CUSTOMER_SEQUENCE = 100_001;

export const CUSTOMER_NUMBER_PATTERN = /^WD-\d{6}$/;

/** 100042 → "WD-100042". */
export const formatCustomerNumber = (sequence: number): string =>
  `${CUSTOMER_NUMBER_PREFIX}${String(sequence).padStart(6, '0')}`;
