import { describe, expect, it } from 'vitest';
import type { DepotStatus } from '../../src/domain/depot-status';
import {
  currentStorageLabel,
  deliveryMonth,
  isStored,
  type StorageFacts,
  storageState,
  storageStateLabel,
} from '../../src/domain/storage-state';

const now = new Date('2026-12-01T12:00:00Z');
const REPORT_DAY = '2026-12-01';
/** `confirmed`: the warehouse's latest signed stock report confirms the cases (of REPORT_DAY). */
const facts = (status: DepotStatus | null, confirmed: boolean, enPrimeurDeliveryDate: string | null = null) =>
  ({
    status,
    warehouseConfirmedOn: confirmed ? REPORT_DAY : null,
    enPrimeurDeliveryDate,
  }) satisfies StorageFacts;

describe('Was als eingelagert gilt (Zertifikat, Prüfseite, Depotkarte: eine Regel)', () => {
  it('counts only IN_BOND and FOR_SALE cases the warehouse’s stock report confirms as stored', () => {
    const stored = (['PURCHASED', 'SHIPPING', 'IN_BOND', 'FOR_SALE', 'SOLD', null] as const).flatMap(
      (status) =>
        [true, false].map((confirmed) => [status, confirmed, isStored(facts(status, confirmed), now)]),
    );
    expect(stored.filter(([, , isIt]) => isIt).map(([status, confirmed]) => [status, confirmed])).toEqual([
      ['IN_BOND', true],
      ['FOR_SALE', true],
    ]);
  });

  it('never counts an en-primeur case as stored, whatever its status says, until its delivery date', () => {
    expect(isStored(facts('IN_BOND', true, '2028-06-01'), now)).toBe(false);
    expect(storageState(facts('IN_BOND', true, '2028-06-01'), now)).toEqual({
      kind: 'EN_PRIMEUR',
      deliveryDate: '2028-06-01',
    });
    expect(storageState(facts('PURCHASED', false, '2028-06-01'), now).kind).toBe('EN_PRIMEUR');
    // Past its delivery date the wine is an ordinary case: stored once in bond and confirmed.
    expect(isStored(facts('IN_BOND', true, '2026-06-01'), now)).toBe(true);
    expect(storageState(facts('PURCHASED', false, '2026-06-01'), now).kind).toBe('PAID');
  });

  it('gives every other case its own state: sold before everything, shipping, paid, entry unconfirmed', () => {
    expect(storageState(facts('SOLD', true), now).kind).toBe('SOLD');
    expect(storageState(facts('SOLD', false, '2028-06-01'), now).kind).toBe('SOLD');
    expect(storageState(facts('SHIPPING', true), now).kind).toBe('SHIPPING');
    expect(storageState(facts('PURCHASED', true), now).kind).toBe('PAID');
    expect(storageState(facts(null, false), now).kind).toBe('PAID');
    expect(storageState(facts('IN_BOND', false), now).kind).toBe('ENTRY_UNCONFIRMED');
    expect(storageState(facts('FOR_SALE', false), now).kind).toBe('ENTRY_UNCONFIRMED');
  });

  it('names the states as they are; no text about a case not stored says "lagern" or "eingelagert" about it', () => {
    expect(deliveryMonth('2028-06-01')).toBe('06/2028');
    expect(storageStateLabel({ kind: 'SHIPPING' })).toBe('in Zustellung');
    expect(storageStateLabel({ kind: 'EN_PRIMEUR', deliveryDate: '2028-06-01' })).toBe(
      'en primeur – Lieferung voraussichtlich 06/2028',
    );
    for (const kind of ['PAID', 'ENTRY_UNCONFIRMED', 'SOLD'] as const) {
      expect(storageStateLabel({ kind })).not.toMatch(/lagern|eingelagert/);
    }
    expect(storageState(facts('IN_BOND', true), now)).toEqual({ kind: 'STORED', confirmedOn: REPORT_DAY });
    expect(storageStateLabel({ kind: 'STORED', confirmedOn: REPORT_DAY })).toBe(
      'im Zollfreilager, vom Lager bestätigt am 01.12.2026',
    );
    expect(storageStateLabel({ kind: 'ENTRY_UNCONFIRMED' })).toBe(
      'Einlagerung vom Lager noch nicht bestätigt',
    );
    expect(currentStorageLabel({ kind: 'STORED', confirmedOn: REPORT_DAY })).toBe('eingelagert');
    expect(currentStorageLabel({ kind: 'SOLD' })).toBe('inzwischen verkauft');
    expect(currentStorageLabel({ kind: 'PAID' })).toBe('noch nicht eingelagert');
    expect(currentStorageLabel({ kind: 'SHIPPING' })).toBe('noch nicht eingelagert (in Zustellung)');
    expect(currentStorageLabel({ kind: 'EN_PRIMEUR', deliveryDate: '2028-06-01' })).toBe(
      'noch nicht eingelagert (en primeur – Lieferung voraussichtlich 06/2028)',
    );
  });
});
