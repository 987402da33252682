import { describe, expect, it } from 'vitest';
import { mutationErrorNotice } from '../../src/api/mutation-errors';
import { acceptedOrThrow, MutationRefused } from '../../src/api/mutation-refused';
import { CHANGE_NOT_SAVED, CONNECTION_FAILED, GENERIC_ERROR } from '../../src/domain/error-texts';

describe('MutationRefused', () => {
  it('joins the reasons of a refusal and keeps the first code and field', () => {
    const refusal = MutationRefused.of([
      { message: 'Die MRN gibt es schon.', code: 'DUPLICATE', field: 'newMrn' },
      { message: 'Zu viele Kisten.', code: 'TOO_MANY', field: 'newStorageIds' },
    ]);
    expect(refusal.message).toBe('Die MRN gibt es schon. Zu viele Kisten.');
    expect(refusal.code).toBe('DUPLICATE');
    expect(refusal.field).toBe('newMrn');
    expect(refusal.reasons).toHaveLength(2);
  });

  it('a refusal without reasons says the generic text', () => {
    expect(MutationRefused.of([]).message).toBe(GENERIC_ERROR);
  });

  it('passes an accepted payload and throws a refused one', () => {
    const accepted = { success: true, errors: [], value: 1 };
    expect(acceptedOrThrow(accepted)).toBe(accepted);
    expect(() => acceptedOrThrow({ success: false, errors: [{ message: 'Nein.', code: 'NO' }] })).toThrow(
      MutationRefused,
    );
  });
});

describe('notification of a failed mutation', () => {
  const refused = new MutationRefused('Die Orderliste ist gesperrt.', 'ORDER_LIST_BLOCKED');
  const network = new TypeError('Failed to fetch');

  it('shows the reason of a refusal, the fallback text otherwise, under "Nicht gespeichert"', () => {
    expect(mutationErrorNotice(refused)).toEqual({ title: 'Nicht gespeichert', message: refused.message });
    expect(mutationErrorNotice(network)).toEqual({ title: 'Nicht gespeichert', message: CHANGE_NOT_SAVED });
  });

  it('takes title and fallback from the mutation, or leaves the title out', () => {
    const meta = { errorTitle: 'Nicht hinzugefügt', fallbackMessage: CONNECTION_FAILED };
    expect(mutationErrorNotice(network, meta)).toEqual({
      title: 'Nicht hinzugefügt',
      message: CONNECTION_FAILED,
    });
    expect(mutationErrorNotice(refused, { errorTitle: null })).toEqual({ message: refused.message });
    const byStage = { errorTitleOf: (variables: unknown) => (variables === 'x' ? 'Prüfung' : 'Datum') };
    expect(mutationErrorNotice(network, byStage, 'x')?.title).toBe('Prüfung');
  });

  it('stays silent for forms that show errors inline and for codes the screen answers', () => {
    expect(mutationErrorNotice(refused, { inlineErrors: true })).toBeNull();
    expect(mutationErrorNotice(network, { inlineErrors: true })).toBeNull();
    expect(mutationErrorNotice(refused, { inlineCodes: ['ORDER_LIST_BLOCKED'] })).toBeNull();
    expect(mutationErrorNotice(network, { inlineCodes: ['ORDER_LIST_BLOCKED'] })?.message).toBe(
      CHANGE_NOT_SAVED,
    );
  });
});
