/**
 * Writes the demo media into `mediaDir`. A file that already exists is kept, so a second seed
 * (or a reset) reuses the images and videos of the first one.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurably } from '../../services/durable-file';
import { resolveInside } from '../../services/safe-path';
import { demoMediaPlan, type MediaItem } from './plan';
import { renderAcademyVideo } from './videos';

export interface MediaReport {
  /** Relative paths of the files written by this call. */
  written: string[];
  skipped: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

async function writeItem(mediaDir: string, item: MediaItem): Promise<boolean> {
  const target = resolveInside(mediaDir, item.path);
  if (await exists(target)) return false;
  await mkdir(path.dirname(target), { recursive: true });
  if (item.kind === 'video') {
    await renderAcademyVideo(target, item.title, item.labels);
  } else {
    await writeFileDurably(target, item.render());
  }
  return true;
}

export async function writeDemoMedia(mediaDir: string): Promise<MediaReport> {
  const plan = demoMediaPlan();
  const results = await Promise.all(plan.map((item) => writeItem(mediaDir, item)));
  return {
    written: plan.filter((_, index) => results[index]).map((item) => item.path),
    skipped: results.filter((written) => !written).length,
  };
}
