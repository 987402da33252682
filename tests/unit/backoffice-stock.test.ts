import { describe, expect, it } from 'vitest';
import {
  checkAssetDraft,
  checkMrn,
  checkMrnDate,
  checkStorageIds,
  draftOf,
  formatIsoDate,
  STORAGE_IDS_MAX_LENGTH,
  stockMessages,
  todayInBusinessZone,
} from '../../src/domain/backoffice-stock';
import { caseNumberMessages } from '../../src/domain/backoffice-tranches';

describe('MRN (Zollreferenz) einer Depotposition', () => {
  it.each([
    ['24FR3300000006231D', '24FR3300000006231D'],
    [' 24fr 3300 0000 0623 1d ', '24FR3300000006231D'],
    ['', null],
    ['   ', null],
  ])('accepts %j as %j', (input, value) => {
    expect(checkMrn(input)).toEqual({ value, error: null });
  });

  it.each([
    ['24FR33', stockMessages.mrnLength],
    ['24FR3300000006231DX', stockMessages.mrnLength],
    ['AB1234567890123456', stockMessages.mrnFormat],
    ['24F13300000006231D', stockMessages.mrnFormat],
    ['24FR33000000062-1D', stockMessages.mrnFormat],
  ])('refuses %j', (input, error) => {
    expect(checkMrn(input)).toEqual({ value: null, error });
  });
});

describe('MRN-Datum', () => {
  const today = '2026-03-10';
  it('accepts a calendar date up to today and clears on empty input', () => {
    expect(checkMrnDate('2026-03-10', today)).toEqual({ value: '2026-03-10', error: null });
    expect(checkMrnDate(' 2024-02-29 ', today)).toEqual({ value: '2024-02-29', error: null });
    expect(checkMrnDate('', today)).toEqual({ value: null, error: null });
  });

  it.each([
    ['10.03.2026', stockMessages.mrnDateFormat],
    ['2026-3-10', stockMessages.mrnDateFormat],
    ['2026-03-10T00:00', stockMessages.mrnDateFormat],
    ['2025-02-29', stockMessages.mrnDateInvalid],
    ['2026-13-01', stockMessages.mrnDateInvalid],
    ['2026-03-11', stockMessages.mrnDateFuture],
  ])('refuses %j', (input, error) => {
    expect(checkMrnDate(input, today)).toEqual({ value: null, error });
  });

  it('takes today in the business time zone', () => {
    expect(todayInBusinessZone(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(todayInBusinessZone(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01');
    expect(formatIsoDate('2026-03-07')).toBe('07.03.2026');
    expect(formatIsoDate(null)).toBe('–');
  });
});

describe('Lagernummern (Kistennummern) einer Depotposition', () => {
  it('stores the list as "a, b" with ranges expanded and whitespace stripped', () => {
    expect(checkStorageIds(' 20001,20002 ')).toEqual({ value: '20001, 20002', error: null });
    expect(checkStorageIds('20001, ..., 20004')).toEqual({
      value: '20001, 20002, 20003, 20004',
      error: null,
    });
    expect(checkStorageIds('')).toEqual({ value: null, error: null });
  });

  it('refuses what the tranche form refuses, and lists that are too long', () => {
    expect(checkStorageIds('20001, 20002,')).toEqual({
      value: null,
      error: caseNumberMessages.trailingComma,
    });
    expect(checkStorageIds('20001, 20001').error).toBe(caseNumberMessages.duplicate('20001'));
    // 280 numbers fit the field without spaces but not stored as "a, b".
    const long = Array.from({ length: 280 }, (_, index) => String(100000 + index)).join(',');
    expect(long.length).toBeLessThan(STORAGE_IDS_MAX_LENGTH);
    expect(checkStorageIds(long)).toEqual({ value: null, error: stockMessages.storageIdsLength });
  });
});

describe('Bearbeiten einer Position im Lagerbestand', () => {
  const stored = { mrn: '24FR3300000006231D', mrnDate: '2025-01-15', storageId: '20001, 20002' };

  it('lists only the changed fields and sends them, an emptied field as ""', () => {
    const check = checkAssetDraft(
      stored,
      { mrn: '24fr3300000006231d', mrnDate: '2025-02-01', storageIds: '' },
      '2026-01-01',
    );
    expect(check.errors).toEqual({});
    expect(check.changes).toEqual([
      { field: 'mrnDate', label: 'MRN-Datum', before: '15.01.2025', after: '01.02.2025' },
      { field: 'storageIds', label: 'Lagernummern', before: '20001, 20002', after: '–' },
    ]);
    expect(check.variables).toEqual({ newMrnDate: '2025-02-01', newStorageIds: '' });
  });

  it('finds nothing to save in an untouched draft', () => {
    expect(checkAssetDraft(stored, draftOf(stored), '2026-01-01')).toEqual({
      errors: {},
      changes: [],
      variables: {},
    });
    expect(draftOf({ mrn: null, mrnDate: null, storageId: null })).toEqual({
      mrn: '',
      mrnDate: '',
      storageIds: '',
    });
  });

  it('reports every invalid field', () => {
    const check = checkAssetDraft(stored, { mrn: 'X', mrnDate: '1.1.2025', storageIds: '1,' }, '2026-01-01');
    expect(check.errors).toEqual({
      mrn: stockMessages.mrnLength,
      mrnDate: stockMessages.mrnDateFormat,
      storageIds: caseNumberMessages.trailingComma,
    });
    expect(check.changes).toEqual([]);
  });
});
