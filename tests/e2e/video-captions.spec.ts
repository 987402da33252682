import { expect, test } from '@playwright/test';
import { academyVideoSeeds } from '../../server/seed/data/academy';
import { STORAGE_FILM_CARD, storageFilmCues } from '../../src/domain/brand-media';
import { ACADEMY_CARD } from '../../src/domain/video-captions';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

const video = academyVideoSeeds.find((seed) => seed.slug === 'was-macht-einen-grossen-bordeaux-aus');
if (!video) throw new Error('The seed has no Bordeaux video');

test('an academy video carries German captions the browser loads, and a transcript of the same words', async ({
  page,
}) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto(`/admin/academy/${video.slug}`);
  const player = page.locator('video');
  const track = player.locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'de');
  await expect(track).toHaveAttribute('label', 'Deutsch');

  // The browser parsed the WebVTT file: its cues are the video's words.
  await expect
    .poll(() =>
      player.evaluate((element: HTMLVideoElement) => {
        const captions = element.textTracks[0];
        if (!captions) return null;
        captions.mode = 'hidden';
        return captions.cues ? [...captions.cues].map((cue) => (cue as VTTCue).text) : null;
      }),
    )
    .toEqual([`[Ohne Ton] ${ACADEMY_CARD.kicker}: ${video.title}`, ACADEMY_CARD.footer]);

  const transcript = page.getByTestId('video-transcript');
  await transcript.getByText('Transkript').click();
  await expect(transcript).toContainText(`${ACADEMY_CARD.kicker}: ${video.title}`);
  await expect(transcript).toContainText(ACADEMY_CARD.footer);
});

test('the storage film of the start page carries German captions and a transcript too', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/start');
  const section = page.getByRole('region', { name: 'Lagerung' });
  const player = section.locator('video');
  await expect(player.locator('track')).toHaveAttribute('srclang', 'de');
  await expect
    .poll(() =>
      player.evaluate((element: HTMLVideoElement) => {
        const captions = element.textTracks[0];
        if (!captions) return null;
        captions.mode = 'hidden';
        return captions.cues ? [...captions.cues].map((cue) => (cue as VTTCue).text) : null;
      }),
    )
    .toEqual(storageFilmCues().map((cue) => cue.text));
  const transcript = section.getByTestId('video-transcript');
  await transcript.getByText('Transkript').click();
  await expect(transcript).toContainText(STORAGE_FILM_CARD.title);
});
