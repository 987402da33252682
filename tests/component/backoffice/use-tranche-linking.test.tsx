import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTrancheLinking } from '../../../src/features/backoffice-sortiment/api/use-tranche-linking';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { depotPosition, tranche } from './sortiment-fixture';

const unlinked = depotPosition();
const linked = depotPosition({
  id: 42,
  amount: 3,
  partialOfferId: 3,
  ownerFirstName: 'Max',
  ownerLastName: 'Muster',
});
// A staff member's position: not counted as sold.
const staff = depotPosition({
  id: 43,
  amount: 5,
  partialOfferId: 3,
  ownerIsStaff: true,
  ownerEmail: 'team@example.org',
});
const positions = [unlinked, linked, staff];

const server: GraphQLHandler = ({ operationName }) => {
  if (operationName === 'SortimentDepotPositions') return { getDepotPositionsForOffer: positions };
  if (operationName === 'LinkDepotPositionToTranche')
    return { updatePartialOfferForDepotPosition: { success: true, errors: [] } };
  return {};
};

describe('useTrancheLinking', () => {
  it('counts the clients’ cases per tranche, not the staff’s', async () => {
    const { result } = renderHookWithApp(() => useTrancheLinking(9, [tranche()]), { graphql: server });
    await waitFor(() => expect(result.current.positions.data).toHaveLength(3));
    expect(result.current.occupancy).toEqual([
      { id: 3, name: 'Tranche 3 · Wein & Co', status: expect.objectContaining({ assigned: 3 }) },
    ]);
    expect(result.current.choices.map((choice) => choice.label)).toEqual([
      'Keine Tranche',
      'Tranche 3 · Wein & Co',
    ]);
  });

  it('asks before linking a position, then saves and tells so', async () => {
    const { result, requests } = renderHookWithApp(() => useTrancheLinking(9, [tranche()]), {
      graphql: server,
    });
    await waitFor(() => expect(result.current.positions.data).toHaveLength(3));
    act(() => result.current.choose(unlinked, '3'));
    expect(result.current.confirming).toBe(true);
    expect(result.current.question).toBe(
      'Depotposition 41 (Erika Mustermann, 2 Kisten) → Tranche 3 · Wein & Co',
    );
    expect(requests.some((r) => r.operationName === 'LinkDepotPositionToTranche')).toBe(false);

    await act(() => result.current.confirm());
    expect(
      requests.filter((r) => r.operationName === 'LinkDepotPositionToTranche').map((r) => r.variables),
    ).toEqual([{ depotPositionId: 41, poId: 3 }]);
    expect(await screen.findByText('Die Depotposition wurde zugeordnet.')).toBeTruthy();
    expect(result.current.confirming).toBe(false);
  });

  it('unlinks with "Keine Tranche", and sends nothing when the question is cancelled', async () => {
    const { result, requests } = renderHookWithApp(() => useTrancheLinking(9, [tranche()]), {
      graphql: server,
    });
    act(() => result.current.choose(linked, 'none'));
    expect(result.current.question).toBe('Depotposition 42 (Max Muster, 3 Kisten) → Keine Tranche');
    act(() => result.current.cancel());
    expect(result.current.confirming).toBe(false);
    expect(requests.some((r) => r.operationName === 'LinkDepotPositionToTranche')).toBe(false);
  });

  it('finds and sorts a position by its tranche’s name', async () => {
    const { result } = renderHookWithApp(() => useTrancheLinking(9, [tranche()]), { graphql: server });
    expect(result.current.searchText(linked)).toBe(
      '42 Max Muster erika@example.org K-101, K-102 Tranche 3 · Wein & Co',
    );
    expect(result.current.sortValue(unlinked, 'partialOfferId')).toBe('Keine Tranche');
    expect(result.current.sortValue(unlinked, 'owner')).toBe('Erika Mustermann');
  });
});
