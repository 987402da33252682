import type { GraphQLClient } from 'graphql-request';
import {
  ClientsDepotDocument,
  type DepotBottleSizeFieldsFragment,
  type DepotPositionFieldsFragment,
  type DepotVintageFieldsFragment,
} from '../../../api/graphql.generated';

/**
 * The depot's request on its own, without the query's hooks: `src/app/early-requests.ts` sends it
 * before the rest of the app's code has run, so what it imports stays small.
 */

/**
 * The depot as it travels and is cached (also offline): positions name their vintage and bottle
 * size by id, each comes once. A depot of thousands of positions holds only some dozen vintages.
 */
export interface DepotTransfer {
  positions: DepotPositionFieldsFragment[];
  vintages: DepotVintageFieldsFragment[];
  bottleSizes: DepotBottleSizeFieldsFragment[];
  investmentScore: string | null;
}

/**
 * The own depot as the server answers it, compacted. Apart from the staff view's request
 * (`depot.ts`), so that the early request does not bring that document into the entry
 * (`/login` carries a budget of 150 KB).
 */
export async function requestOwnDepot(client: GraphQLClient): Promise<DepotTransfer> {
  const answer = await client.request(ClientsDepotDocument);
  return {
    positions: answer.clientsDepot,
    vintages: answer.clientsDepotVintages,
    bottleSizes: answer.allBottleSizes,
    investmentScore: answer.me?.investmentScore ?? null,
  };
}
