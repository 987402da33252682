/** Academy videos with keywords, blog posts and brand images. */
import {
  academyKeywords,
  academyVideoKeywords,
  academyVideos,
  blogPosts,
  brandImages,
} from '../../db/schema';
import { academyVideoSeeds } from '../data/academy';
import { blogPostSeeds } from '../data/blog';
import { brandImageSeeds } from '../data/brand';
import { lookup } from '../derive/catalogue';
import { daysAfter, daysBefore } from '../deterministic';
import { mediaPath, mediaUrl } from '../media/paths';
import { indexRows, type SeedContext } from './context';

async function insertAcademy({ tx, now, ids }: SeedContext): Promise<void> {
  const videoRows = await tx
    .insert(academyVideos)
    .values(
      academyVideoSeeds.map((video) => ({
        title: video.title,
        slug: video.slug,
        videoUrl: mediaUrl(mediaPath.academyVideo(video.slug)),
        thumbnail: mediaUrl(mediaPath.academyThumbnail(video.slug)),
        shortDescription: video.shortDescription,
        description: video.description,
        datetimePublished: daysAfter(now, video.daysFromNow),
        vintageId: video.vintage ? lookup(ids.vintages, video.vintage, 'Jahrgang') : null,
        wineryId: video.winery ? lookup(ids.wineries, video.winery, 'Weingut') : null,
        regionId: video.region ? lookup(ids.regions, video.region, 'Region') : null,
      })),
    )
    .returning({ id: academyVideos.id, slug: academyVideos.slug });
  indexRows(ids.academyVideos, videoRows, (row) => row.slug);

  const keywordTitles = [...new Set(academyVideoSeeds.flatMap((video) => video.keywords))];
  const keywordRows = await tx
    .insert(academyKeywords)
    .values(keywordTitles.map((title) => ({ title })))
    .returning({ id: academyKeywords.id, title: academyKeywords.title });
  const keywordIds = new Map<string, number>();
  indexRows(keywordIds, keywordRows, (row) => row.title);

  await tx.insert(academyVideoKeywords).values(
    academyVideoSeeds.flatMap((video) =>
      video.keywords.map((keyword) => ({
        videoId: lookup(ids.academyVideos, video.slug, 'Video'),
        keywordId: lookup(keywordIds, keyword, 'Stichwort'),
      })),
    ),
  );
}

async function insertBlogAndBrand({ tx, now }: SeedContext): Promise<void> {
  await tx.insert(blogPosts).values(
    blogPostSeeds.map((post) => ({
      title: post.title,
      slug: post.slug,
      intro: post.intro,
      body: post.body,
      image: mediaUrl(mediaPath.blog(post.slug)),
      firstPublishedAt: daysBefore(now, post.daysAgo),
    })),
  );
  await tx
    .insert(brandImages)
    .values(
      brandImageSeeds.map((brand) => ({ title: brand.title, image: mediaUrl(mediaPath.brand(brand.slug)) })),
    );
}

export async function insertContent(context: SeedContext): Promise<void> {
  await insertAcademy(context);
  await insertBlogAndBrand(context);
}
