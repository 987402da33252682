/**
 * Lagerbestand (spec entry-checkout-backoffice 2.6 "Assets table", 7 updateAssetUnderManagement):
 * the customs reference (MRN), its date and the case numbers (storage ids) of a depot position,
 * validated with German messages. Pure; the screen and the server use the same functions.
 */
import { formatCaseNumbers, parseCaseNumbers } from './backoffice-tranches';
import { businessDay, formatDate } from './dates';

/** An EU Movement Reference Number has 18 characters, e.g. "24FR3300000006231D". */
export const MRN_LENGTH = 18;
/** Longest stored list of case numbers (a position of many cases, each number with ", "). */
export const STORAGE_IDS_MAX_LENGTH = 2000;

export const stockMessages = {
  mrnLength: `Die MRN muss genau ${MRN_LENGTH} Zeichen lang sein.`,
  mrnFormat:
    'Die MRN beginnt mit zwei Ziffern (Jahr) und zwei Buchstaben (Land) und enthält nur Buchstaben und Ziffern.',
  mrnDateFormat: 'Bitte geben Sie das Datum im Format JJJJ-MM-TT an.',
  mrnDateInvalid: 'Dieses Datum gibt es nicht.',
  mrnDateFuture: 'Das MRN-Datum darf nicht in der Zukunft liegen.',
  storageIdsLength: `Die Lagernummern dürfen höchstens ${STORAGE_IDS_MAX_LENGTH.toLocaleString('de-DE')} Zeichen lang sein.`,
  notFound: 'Die Depotposition wurde nicht gefunden.',
} as const;

/** A checked field: the value to store (null clears it) or the German message of the problem. */
export type FieldCheck = { value: string | null; error: null } | { value: null; error: string };

const accept = (value: string | null): FieldCheck => ({ value, error: null });
const reject = (error: string): FieldCheck => ({ value: null, error });

/** The MRN upper-cased without whitespace; empty clears it. */
export function checkMrn(input: string): FieldCheck {
  const mrn = input.replace(/\s+/g, '').toUpperCase();
  if (mrn === '') return accept(null);
  if (mrn.length !== MRN_LENGTH) return reject(stockMessages.mrnLength);
  if (!/^\d{2}[A-Z]{2}[A-Z0-9]{14}$/.test(mrn)) return reject(stockMessages.mrnFormat);
  return accept(mrn);
}

/** A calendar date "YYYY-MM-DD" that exists and is not after `today` (also "YYYY-MM-DD"); empty clears it. */
export function checkMrnDate(input: string, today: string): FieldCheck {
  const date = input.trim();
  if (date === '') return accept(null);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return reject(stockMessages.mrnDateFormat);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return reject(stockMessages.mrnDateInvalid);
  }
  if (date > today) return reject(stockMessages.mrnDateFuture);
  return accept(date);
}

/**
 * The case numbers of a position by the tranche form's rules (whitespace stripped, "a, ..., b"
 * expanded, no trailing comma, no duplicates), stored as "1001, 1002"; empty clears them.
 */
export function checkStorageIds(input: string): FieldCheck {
  const parsed = parseCaseNumbers(input);
  if (parsed.error) return reject(parsed.error);
  if (parsed.caseNumbers.length === 0) return accept(null);
  const stored = formatCaseNumbers(parsed.caseNumbers);
  if (stored.length > STORAGE_IDS_MAX_LENGTH) return reject(stockMessages.storageIdsLength);
  return accept(stored);
}

/** Today's date in the business's time zone (Geneva/Germany) as "YYYY-MM-DD". */
export function todayInBusinessZone(now: Date = new Date()): string {
  return businessDay(now);
}

/** "2026-03-07" → "07.03.2026"; null/empty → "–". */
export function formatIsoDate(date: string | null | undefined): string {
  return date ? formatDate(date.slice(0, 10)) : '–';
}

// ─── Inline edit of a position ────────────────────────────────────────────────

/** The editable fields of a position as stored. */
export interface AssetFields {
  mrn: string | null;
  mrnDate: string | null;
  storageId: string | null;
}

/** The edit form's values (empty text = no value). */
export interface AssetDraft {
  mrn: string;
  mrnDate: string;
  storageIds: string;
}

export const ASSET_FIELD_LABELS: Record<keyof AssetDraft, string> = {
  mrn: 'MRN',
  mrnDate: 'MRN-Datum',
  storageIds: 'Lagernummern',
};

export function draftOf(asset: AssetFields): AssetDraft {
  return { mrn: asset.mrn ?? '', mrnDate: asset.mrnDate ?? '', storageIds: asset.storageId ?? '' };
}

export interface AssetChangeLine {
  field: keyof AssetDraft;
  label: string;
  /** As shown: "–" for no value, dates as "07.03.2026". */
  before: string;
  after: string;
}

export interface AssetDraftCheck {
  /** German message per field with a problem. */
  errors: Partial<Record<keyof AssetDraft, string>>;
  /** What the save would change (for the confirmation). */
  changes: AssetChangeLine[];
  /** The mutation's variables: only changed fields, "" clears one. */
  variables: { newMrn?: string; newMrnDate?: string; newStorageIds?: string };
}

/** Validates an edit with the server's rules and lists what it changes. */
export function checkAssetDraft(asset: AssetFields, draft: AssetDraft, today: string): AssetDraftCheck {
  const checks = {
    mrn: { check: checkMrn(draft.mrn), stored: asset.mrn, variable: 'newMrn' },
    mrnDate: { check: checkMrnDate(draft.mrnDate, today), stored: asset.mrnDate, variable: 'newMrnDate' },
    storageIds: {
      check: checkStorageIds(draft.storageIds),
      stored: asset.storageId,
      variable: 'newStorageIds',
    },
  } as const;
  const result: AssetDraftCheck = { errors: {}, changes: [], variables: {} };
  for (const field of Object.keys(checks) as (keyof AssetDraft)[]) {
    const { check, stored, variable } = checks[field];
    if (check.error) {
      result.errors[field] = check.error;
      continue;
    }
    if (check.value === stored) continue;
    const show = (value: string | null) => (field === 'mrnDate' ? formatIsoDate(value) : (value ?? '–'));
    result.changes.push({
      field,
      label: ASSET_FIELD_LABELS[field],
      before: show(stored),
      after: show(check.value),
    });
    result.variables[variable] = check.value ?? '';
  }
  return result;
}
