import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOnline } from '../../src/components/offline/use-online';

function setBrowserOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

const renders: boolean[] = [];

function Status() {
  const online = useOnline();
  renders.push(online);
  return <p>{online ? 'verbunden' : 'offline'}</p>;
}

describe('useOnline', () => {
  afterEach(() => {
    setBrowserOnline(true);
    renders.length = 0;
  });

  it('renders once when mounted, offline already in the first render', () => {
    setBrowserOnline(false);
    render(<Status />);
    expect(screen.getByText('offline')).toBeTruthy();
    // Mantine's useNetwork rendered "online" first and then again after mounting.
    expect(renders).toEqual([false]);
  });

  it('follows the browser when the connection drops and returns', () => {
    render(<Status />);
    expect(screen.getByText('verbunden')).toBeTruthy();
    act(() => {
      setBrowserOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('offline')).toBeTruthy();
    act(() => {
      setBrowserOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('verbunden')).toBeTruthy();
    expect(renders).toEqual([true, false, true]);
  });
});
