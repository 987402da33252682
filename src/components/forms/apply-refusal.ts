import type { UseFormReturnType } from '@mantine/form';
import { MutationRefused } from '../../api/mutation-refused';

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
