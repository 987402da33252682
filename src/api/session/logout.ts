import type { GraphQLClient } from 'graphql-request';
import { LogoutDocument } from '../graphql.generated';

/**
 * `logout`: ends the session on the server, so the token and its refresh stop working on every
 * instance at once (a copy of the token left elsewhere is worthless). Called while the token is
 * still stored, before the device forgets it.
 */
export async function endServerSession(client: GraphQLClient): Promise<void> {
  await client.request(LogoutDocument);
}
