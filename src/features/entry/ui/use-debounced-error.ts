import { useEffect, useState } from 'react';
import { VALIDATION_DEBOUNCE_MS } from '../../../domain/entry-constants';

/**
 * The message of a field that is checked 2 seconds after typing stops (e-mail, phone). A shown
 * message stays while the value is still wrong and goes away as soon as it is right.
 */
export function useDebouncedError(
  value: string,
  validate: (value: string) => string | null,
  touched: boolean,
): string | null {
  const [checkedValue, setCheckedValue] = useState<string | null>(null);

  useEffect(() => {
    if (!touched) {
      setCheckedValue(null);
      return;
    }
    const timer = setTimeout(() => setCheckedValue(value), VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, touched]);

  if (!touched || checkedValue === null) return null;
  const current = validate(value);
  if (current === null) return null;
  return validate(checkedValue) === null ? null : current;
}
