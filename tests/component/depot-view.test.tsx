import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import type { Depot } from '../../src/features/depot/api/depot';
import {
  useDepotDisplay,
  useDepotExcelExport,
  useDepotFigures,
  useOpenDepotPosition,
} from '../../src/features/depot/api/depot-view';
import { renderHookWithApp } from './support/render';

const emptyDepot = (investmentScore: string | null): Depot => ({ positions: [], investmentScore });

describe('the depot as its screen shows it', () => {
  it('sums "Gesamt investiert" from the investment score, else from the positions', () => {
    const own = renderHookWithApp(() => useDepotFigures(emptyDepot('1234.50')));
    expect(own.result.current?.summary.invested).toBe(123450);
    own.unmount();
    const staff = renderHookWithApp(() => useDepotFigures(emptyDepot(null)));
    expect(staff.result.current?.summary.invested).toBe(0);
    expect(staff.result.current?.rows).toEqual([]);
  });

  it('opens a position from the address and closes it again', async () => {
    const { result, router } = renderHookWithApp(() => useOpenDepotPosition(emptyDepot(null), []), {
      route: '/admin/depot?position=7',
    });
    expect(result.current?.opened).toBe(true);
    expect(result.current?.row).toBeUndefined();
    act(() => result.current?.close());
    await waitFor(() => expect(result.current?.opened).toBe(false));
    expect(router.state.location.search).toBe('');
    act(() => result.current?.show(12));
    await waitFor(() => expect(router.state.location.search).toBe('?position=12'));
  });

  it('remembers table or chart in the showTable cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the screen reads.
    document.cookie = 'showTable=false; Path=/';
    const { result } = renderHookWithApp(() => useDepotDisplay());
    expect(result.current?.showTable).toBe(false);
    act(() => result.current?.choose('table'));
    expect(result.current?.showTable).toBe(true);
    expect(document.cookie).toContain('showTable=true');
  });
});

describe('the Excel export of the depot', () => {
  it('writes the file of the rows, with the performance once loaded', async () => {
    const download = vi.fn(() => Promise.resolve());
    const { result } = renderHookWithApp(() => useDepotExcelExport([], undefined, download));
    await act(() => result.current?.mutateAsync());
    expect(download).toHaveBeenCalledWith([], null);
  });

  it('writes the file offline too: it is built from what the device holds', async () => {
    const download = vi.fn(() => Promise.resolve());
    onlineManager.setOnline(false);
    try {
      const { result } = renderHookWithApp(() => useDepotExcelExport([], undefined, download), {
        queryClient: createQueryClient(),
      });
      await act(() => result.current?.mutateAsync());
      expect(download).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('tells a failed export once, by the notice of failed changes', async () => {
    const download = vi.fn(() => Promise.reject(new Error('exceljs not loaded')));
    const { result } = renderHookWithApp(() => useDepotExcelExport([], undefined, download), {
      queryClient: createQueryClient(),
    });
    act(() => result.current?.mutate());
    expect(await screen.findByText('Die Excel-Datei konnte nicht erstellt werden.')).toBeTruthy();
    expect(screen.queryByText('Nicht gespeichert')).toBeNull();
  });
});
