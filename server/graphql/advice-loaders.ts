import DataLoader from 'dataloader';
import type { PortfolioLine } from '../../src/domain/advice-portfolio';
import type { Database } from '../db/client';
import {
  type ProfileRow,
  positionsOfProfiles,
  profilesOfUsers,
  proposalLinesOf,
  type RecommendedPositionRow,
} from '../services/advice';

/** Per-request batch loaders of the advice area: profiles per user, positions per profile. */
export function createAdviceLoaders(db: Database) {
  return {
    profilesByUser: new DataLoader<number, ProfileRow[]>(async (ids) => {
      const rows = await profilesOfUsers(db, ids);
      return ids.map((id) => rows.filter((row) => row.userId === id));
    }),
    recommendedPositionsByProfile: new DataLoader<number, RecommendedPositionRow[]>(async (ids) => {
      const rows = await positionsOfProfiles(db, ids);
      return ids.map((id) => rows.filter((row) => row.profileId === id));
    }),
    /** Lines (wine title, region, price, cases) of a proposal, for totals and region shares. */
    proposalLines: new DataLoader<number, PortfolioLine[]>(async (ids) => {
      const rows = await proposalLinesOf(db, ids);
      return ids.map((id) => rows.filter((row) => row.profileId === id));
    }),
  };
}
