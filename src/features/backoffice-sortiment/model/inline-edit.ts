import { livexSellPrice } from '../../../domain/backoffice-tranches';
import type { InputFormat } from '../../../domain/backoffice-validation';

/** What an inline edit's typed text reads as, and the value it would save. */
export interface DraftReading {
  trimmed: string;
  /** The validator's message (or the format's "unreadable"), none when the value can be saved. */
  error: string | null;
  /** The value to save: the typed value, with the Livex fee added when chosen. */
  toSave: string;
}

export function readDraft(
  draft: string,
  {
    inputFormat,
    validate,
    withLivex,
    livexCaskOf,
  }: {
    inputFormat?: InputFormat;
    validate: (input: string) => string | null;
    withLivex: boolean;
    livexCaskOf?: number;
  },
): DraftReading {
  const trimmed = draft.trim();
  const read = inputFormat ? inputFormat.read(trimmed) : trimmed;
  const error = read === null ? (inputFormat?.unreadable ?? null) : validate(read);
  const typed = read ?? trimmed;
  const toSave = !error && withLivex && livexCaskOf ? livexSellPrice(typed, livexCaskOf) : typed;
  return { trimmed, error, toSave };
}
