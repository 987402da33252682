import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadFailedAlert } from '../../src/components/LoadFailedAlert';
import { renderWithApp } from './support/render';

describe('Laden fehlgeschlagen', () => {
  it('names what failed and loads again on the button', async () => {
    let retries = 0;
    const { user } = renderWithApp(
      <LoadFailedAlert
        title="Die Rechnungen konnten nicht geladen werden."
        retryLabel="Erneut versuchen"
        onRetry={() => {
          retries += 1;
        }}
      >
        Keine Verbindung zum Server.
      </LoadFailedAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Die Rechnungen konnten nicht geladen werden.');
    expect(alert.textContent).toContain('Keine Verbindung zum Server.');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(retries).toBe(1);
  });

  it('offers no second click while it loads again', () => {
    renderWithApp(<LoadFailedAlert title="Fehler!" retryLabel="Erneut laden" onRetry={() => {}} retrying />);
    expect((screen.getByRole('button', { name: /Erneut laden/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
