import { describe, expect, it } from 'vitest';
import { readShowTable, showTableCookie } from '../../src/features/depot/api/show-table-cookie';

describe('showTable cookie', () => {
  it('is SameSite=Lax for the whole site for 7 days, Secure only over TLS', () => {
    expect(showTableCookie(true, false)).toBe('showTable=true; Max-Age=604800; Path=/; SameSite=Lax');
    expect(showTableCookie(false, true)).toBe(
      'showTable=false; Max-Age=604800; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads the choice back from document.cookie', () => {
    expect(readShowTable('a=1; showTable=true')).toBe(true);
    expect(readShowTable('showTable=false')).toBe(false);
    expect(readShowTable('')).toBe(false);
  });
});
