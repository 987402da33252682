import { describe, expect, it } from 'vitest';
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditKeysMatching,
  formatAuditValue,
} from '../../src/domain/audit-labels';

describe('Verlauf: German labels of the stored keys', () => {
  it.each([
    ['create', 'Angelegt'],
    ['update', 'Geändert'],
    ['delete', 'Gelöscht'],
    ['archive', 'Archiviert'],
    ['duplicate', 'Dupliziert'],
    ['add_offer', 'Wein hinzugefügt'],
    ['bucket', 'Regionen-Filter geändert'],
    ['position_update', 'Position geändert'],
    ['position_delete', 'Position gelöscht'],
    ['create_invoice', 'Rechnung erstellt'],
    ['invoice_refused', 'Rechnung abgelehnt'],
    ['link', 'Tranche zugeordnet'],
    ['unlink', 'Tranchenzuordnung entfernt'],
    ['stage:CHECK_DONE', 'Prüfung abgeschlossen'],
    ['stage:PAID', 'Status geändert'],
    ['position:update:17', 'Position geändert, Summen neu berechnet'],
    ['position:delete:4', 'Position gelöscht, Summen neu berechnet'],
    ['something_new', 'something_new'],
  ])('action %s → %s', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it.each([
    ['invoice', 'Rechnung'],
    ['invoice_position', 'Rechnungsposition'],
    ['offer', 'Sortiment-Angebot'],
    ['partial_offer', 'Einkaufstranche'],
    ['depot_position', 'Depotposition'],
    ['manual_quote', 'Kundenangebot'],
    ['unknown', 'unknown'],
  ])('record kind %s → %s', (entity, label) => {
    expect(auditEntityLabel(entity)).toBe(label);
  });

  it.each([
    ['buyPriceBtl', 'EKP je Flasche'],
    ['sellPriceBtl', 'VK je Flasche'],
    ['quantityOnInvoice', 'Auf Rechnung (Kisten)'],
    ['storageIds', 'Kistennummern'],
    ['mrn', 'Zollnummer (MRN)'],
    ['partialOfferId', 'Einkaufstranche'],
    ['invoiceNumber', 'Rechnungsnummer'],
    ['overallSum', 'Gesamtsumme'],
    ['email', 'E-Mail'],
    ['notMapped', 'notMapped'],
  ])('field %s → %s', (field, label) => {
    expect(auditFieldLabel(field)).toBe(label);
  });
});

describe('Verlauf: values', () => {
  it.each([
    [null, '–'],
    [undefined, '–'],
    ['', '–'],
    [true, 'ja'],
    [false, 'nein'],
    [12, '12'],
    ['229.50', '229.50'],
    ['1001, 1002', '1001, 1002'],
    ['2026-05-03', '03.05.2026'],
    ['2026-05-03T10:15:00.000Z', '03.05.2026, 12:15'],
    [[], '–'],
    [{ amount: 3, buyPriceBtl: '229.50' }, 'Kisten: 3, EKP je Flasche: 229,50 €'],
    [
      [
        { offerId: 4, amount: 1 },
        { offerId: 9, amount: 2 },
      ],
      'Angebot: 4, Kisten: 1; Angebot: 9, Kisten: 2',
    ],
  ])('%j → %j', (value, text) => {
    expect(formatAuditValue(value)).toBe(text);
  });

  it.each([
    // Euro amounts as everywhere else, never with a decimal point.
    ['sellPriceBtl', '1520.00', '1.520,00 €'],
    ['buyPriceBtl', '239.00', '239,00 €'],
    ['overallSum', '15178.40', '15.178,40 €'],
    ['amount', '3', '3'],
    // States by the labels the payment page and the Zweitmarkt use.
    ['stage', 'CHECK_NEEDED', 'In Prüfung'],
    ['stage', 'CHECK_DONE', 'Prüfung abgeschlossen'],
    ['stage', 'CANCELLED', 'Storniert'],
    ['status', 'REQUESTED', 'Angefragt'],
    ['status', 'LISTED', 'Im Angebot'],
    ['status', 'CANCELLED', 'Zurückgezogen'],
    ['outcome', 'paid', 'Bezahlt'],
    ['outcome', 'failed', 'Zahlung fehlgeschlagen'],
  ])('%s %j → %j', (field, value, text) => {
    expect(formatAuditValue(value, field)).toBe(text);
  });

  it('labels states and amounts inside a nested record', () => {
    expect(formatAuditValue({ position: { amount: 2, buyPriceBtl: '1520.00' }, stage: 'PAID' })).toBe(
      'Position: Kisten: 2, EKP je Flasche: 1.520,00 €, Status: Bezahlt',
    );
  });
});

describe('Verlauf: search words in the German labels', () => {
  it.each([
    [
      'gelöscht',
      { entities: [], actions: ['delete', 'position_delete'], actionPrefixes: ['position:delete:'] },
    ],
    [
      'GELOSCHT',
      { entities: [], actions: ['delete', 'position_delete'], actionPrefixes: ['position:delete:'] },
    ],
    ['tranche', { entities: ['partial_offer'], actions: ['link', 'unlink'], actionPrefixes: [] }],
    ['kundenangebot', { entities: ['manual_quote'], actions: [], actionPrefixes: [] }],
    ['status', { entities: [], actions: [], actionPrefixes: ['stage:'] }],
    ['xyz', { entities: [], actions: [], actionPrefixes: [] }],
    ['', { entities: [], actions: [], actionPrefixes: [] }],
  ])('%j', (word, keys) => {
    expect(auditKeysMatching(word)).toEqual(keys);
  });

  it('labels every kind of record the server stores', () => {
    expect(Object.keys(AUDIT_ENTITY_LABELS).sort()).toEqual(
      [
        'depot_position',
        'invoice',
        'invoice_position',
        'manual_quote',
        'offer',
        'partial_offer',
        'sell_order',
      ].sort(),
    );
  });
});
