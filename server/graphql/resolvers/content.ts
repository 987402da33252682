import { isPublished } from '../../../src/domain/academy';
import { findPostPage, listAcademyVideos, listPostPages, openAcademyVideo } from '../../services/content';
import { sanitizeRichText } from '../../services/html';
import { signMediaUrl } from '../../services/media-signing';
import type { QueryResolvers, Resolvers } from '../resolvers-types.generated';
import { firstOfferWithStock } from '../shared-views';

export const contentQueries = {
  allPostPages: (_parent, { skip, first }, { db }) => listPostPages(db, skip ?? 0, first ?? undefined),
  page: (_parent, { slug }, { db }) => findPostPage(db, slug),
  getAllAcademyVideos: (_parent, _args, { db }) => listAcademyVideos(db),
  getAcademyVideo: (_parent, { slug }, { db }) => openAcademyVideo(db, slug, new Date()),
} satisfies QueryResolvers;

export const contentTypes = {
  BlogPage: {
    body: (post) => sanitizeRichText(post.body),
  },
  AcademyVideo: {
    // Only signed-in clients get the (signed, short-lived) address of a published video; visitors
    // see the academy entries of a winery page without it, premieres stay without one for everyone.
    videoUrl: (video, _args, { user, config }) => {
      const now = new Date();
      if (!user || !isPublished(video.datetimePublished, now)) return null;
      return signMediaUrl(video.videoUrl, config.mediaUrlSecret, now);
    },
    description: (video) => sanitizeRichText(video.description),
    isPublished: (video) => isPublished(video.datetimePublished, new Date()),
    keywords: (video, _args, { loaders }) => loaders.keywordsByVideo.load(video.id),
    vintage: (video, _args, { loaders }) =>
      video.vintageId === null ? null : loaders.vintage.load(video.vintageId),
    winery: (video, _args, { loaders }) =>
      video.wineryId === null ? null : loaders.winery.load(video.wineryId),
    region: (video, _args, { loaders }) =>
      video.regionId === null ? null : loaders.region.load(video.regionId),
    promotedOffer: async (video, _args, { loaders }) => {
      if (video.vintageId === null) return null;
      const offers = await loaders.activeOffersByVintage.load(video.vintageId);
      return firstOfferWithStock(
        offers.filter((offer) => offer.promoteOffer),
        loaders,
      );
    },
  },
} satisfies Resolvers;
