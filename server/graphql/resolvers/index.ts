import type { GraphQLResolveInfo } from 'graphql';
import { type Access, accessPolicy, assertAccess } from '../access';
import type { GraphQLContext } from '../context';
import { enforcePublicMutationLimit, publicMutationLimit } from '../public-rate-limits';
import type { Resolvers } from '../resolvers-types.generated';
import { scalarResolvers } from '../scalars';
import { accountMutations, accountUserFields } from './account';
import { adviceMutations, adviceQueries, adviceTypes, adviceUserFields } from './advice';
import { auditQueries } from './audit';
import { authMutations } from './auth';
import { analyticsQueries } from './backoffice-analytics';
import { backofficeInvoiceMutations } from './backoffice-invoices';
import { quoteMutations, quoteQueries } from './backoffice-quotes';
import { sortimentMutations, sortimentQueries } from './backoffice-sortiment';
import { stockMutations, stockQueries } from './backoffice-stock';
import { warehouseMutations, warehouseQueries } from './backoffice-warehouse';
import { catalogueQueries, catalogueTypes } from './catalogue';
import { contentQueries, contentTypes } from './content';
import { depotQueries, depotTypes, depotUserFields } from './depot';
import { holdingsProofMutations, holdingsProofQueries } from './holdings-proof';
import { invoiceMutations, invoiceQueries, invoiceTypes } from './invoices';
import { lookupQueries } from './lookups';
import { offerQueries, offerSearchResultFields } from './offers';
import { orderMutations, orderQueries, orderTypes } from './orders';
import { pushMutations, pushQueries } from './push';
import {
  secondaryMarketDepotFields,
  secondaryMarketMutations,
  secondaryMarketOfferFields,
  secondaryMarketQueries,
  secondaryMarketTrancheFields,
  secondaryMarketTypes,
} from './secondary-market';
import { sessionMutations, sessionQueries } from './sessions';
import { syncQueries } from './sync';
import { trancheMutations } from './tranches';
import { userFields, userQueries } from './user';
import { wineryQueries, wineryTypes } from './wineries';

/** Any root resolver: parent and args are `never` so that every typed resolver fits. */
type RootResolver = (
  parent: never,
  args: never,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
) => unknown;

/** Wraps every root field with the role check of `accessPolicy`; a field without policy fails fast. */
function guarded<Fields extends Record<string, RootResolver>>(
  typeName: 'Query' | 'Mutation',
  fields: Fields,
): Fields {
  const policy: Record<string, Access> = accessPolicy[typeName];
  const wrapped: Record<string, RootResolver> = {};
  for (const [name, resolve] of Object.entries(fields)) {
    const access = policy[name];
    if (!access) throw new Error(`${typeName}.${name} hat keine Zugriffsregel in server/graphql/access.ts`);
    if (typeName === 'Mutation' && access === 'public') {
      // Unauthenticated mutations are also limited per client IP (server/graphql/public-rate-limits.ts).
      const rule = publicMutationLimit(name);
      wrapped[name] = async (parent, args, context, info) => {
        await enforcePublicMutationLimit(context, name, rule);
        return resolve(parent, args, context, info);
      };
      continue;
    }
    wrapped[name] = (parent, args, context, info) => {
      assertAccess(access, context);
      return resolve(parent, args, context, info);
    };
  }
  // Same keys and signatures as `fields`, each now preceded by the role check.
  return wrapped as Fields;
}

export const resolvers = {
  ...scalarResolvers,
  Query: guarded('Query', {
    ...userQueries,
    ...adviceQueries,
    ...lookupQueries,
    ...catalogueQueries,
    ...offerQueries,
    ...contentQueries,
    ...wineryQueries,
    ...depotQueries,
    ...orderQueries,
    ...invoiceQueries,
    ...pushQueries,
    ...auditQueries,
    ...stockQueries,
    ...warehouseQueries,
    ...analyticsQueries,
    ...quoteQueries,
    ...sortimentQueries,
    ...secondaryMarketQueries,
    ...syncQueries,
    ...holdingsProofQueries,
    ...sessionQueries,
  }),
  Mutation: guarded('Mutation', {
    ...authMutations,
    ...adviceMutations,
    ...pushMutations,
    ...trancheMutations,
    ...stockMutations,
    ...warehouseMutations,
    ...quoteMutations,
    ...sortimentMutations,
    ...orderMutations,
    ...invoiceMutations,
    ...backofficeInvoiceMutations,
    ...accountMutations,
    ...secondaryMarketMutations,
    ...holdingsProofMutations,
    ...sessionMutations,
  }),
  User: { ...userFields, ...depotUserFields, ...accountUserFields, ...adviceUserFields },
  ...adviceTypes,
  ...catalogueTypes,
  ...contentTypes,
  ...depotTypes,
  ...orderTypes,
  ...invoiceTypes,
  ...secondaryMarketTypes,
  DepotPosition: { ...depotTypes.DepotPosition, ...secondaryMarketDepotFields },
  Offer: { ...catalogueTypes.Offer, ...secondaryMarketOfferFields },
  PartialOffer: { ...catalogueTypes.PartialOffer, ...secondaryMarketTrancheFields },
  Vintage: { ...catalogueTypes.Vintage, ...wineryTypes.Vintage },
  Wine: { ...catalogueTypes.Wine, ...wineryTypes.Wine },
  Winery: { ...catalogueTypes.Winery, ...wineryTypes.Winery },
  Rating: { ...catalogueTypes.Rating, ...wineryTypes.Rating },
  OfferSearchResult: offerSearchResultFields,
} satisfies Resolvers;
