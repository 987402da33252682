import type { UseFormReturnType } from '@mantine/form';
import { MutationRefused, type RefusalReason } from '../../api/mutation-refused';

/**
 * Puts the reasons of a refused mutation under the form's fields: the one place where a server
 * `field` becomes a field error. `fields` maps server field names that differ from the form's
 * (e.g. `newMrn` → `mrn`); a field the form has no input for may still be shown by the form
 * (`form.errors.email`). A reason without a field stays with the notification. Answers
 * whether any field got an error.
 */
export function applyRefusal<Values extends object>(
  form: Pick<UseFormReturnType<Values>, 'setFieldError'>,
  error: unknown,
  fields: Partial<Record<string, string>> = {},
): boolean {
  if (!(error instanceof MutationRefused)) return false;
  let applied = false;
  for (const reason of error.reasons) {
    if (!reason.field) continue;
    const field = fields[reason.field] ?? reason.field;
    form.setFieldError(field, reason.message);
    applied = true;
  }
  return applied;
}

/**
 * Puts the reasons for the fields a form shows (`shown`, server names) under them, as
 * `applyRefusal` does, and answers the other reasons: what the form says beside its inputs
 * (above the button), in their order.
 */
export function applyRefusalToShown<Values extends object>(
  form: Pick<UseFormReturnType<Values>, 'setFieldError'>,
  error: MutationRefused,
  shown: readonly string[],
  fields: Partial<Record<string, string>> = {},
): RefusalReason[] {
  const onInputs = (reason: RefusalReason) => Boolean(reason.field && shown.includes(reason.field));
  applyRefusal(form, MutationRefused.of(error.reasons.filter(onInputs)), fields);
  return error.reasons.filter((reason) => !onInputs(reason));
}
