/**
 * Short academy videos (4 s, 640 × 360, VP8 WebM, about 30 KB) rendered with the ffmpeg
 * binary of `@ffmpeg-installer/ffmpeg`. The text goes through `textfile` with expansion off,
 * so titles with colons, commas or percent signs need no filter escaping.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { ACADEMY_CARD } from '../../../src/domain/video-captions';
import { publishFile, syncFile, temporaryNameFor } from '../../services/durable-file';
import { wrapText } from './svg-kit';

const run = promisify(execFile);

interface TextLine {
  text: string;
  y: number;
  size: number;
  colour: string;
  font: string;
}

function drawtext(file: string, line: TextLine): string {
  return `drawtext=textfile=${file}:expansion=none:font=${line.font}:fontcolor=${line.colour}:fontsize=${line.size}:x=(w-text_w)/2:y=${line.y}`;
}

/** The small lines above and below the title of a video's card. */
export interface VideoCardLabels {
  kicker: string;
  footer: string;
}

// The same words the captions give (src/domain/video-captions.ts), the kicker in capitals.
const ACADEMY_LABELS: VideoCardLabels = {
  kicker: ACADEMY_CARD.kicker.toUpperCase(),
  footer: ACADEMY_CARD.footer,
};

/**
 * Renders the title card video of `title` into `target` (written under a per-process temporary name
 * first): an academy video, or with other `labels` a brand film.
 */
export async function renderAcademyVideo(
  target: string,
  title: string,
  labels: VideoCardLabels = ACADEMY_LABELS,
): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-video-'));
  const partial = temporaryNameFor(target);
  try {
    const titleLines = wrapText(title, 30).slice(0, 3);
    const lines: TextLine[] = [
      { text: labels.kicker, y: 70, size: 18, colour: '0xe8c88a', font: 'DejaVu Sans' },
      ...titleLines.map((text, index) => ({
        text,
        y: 120 + index * 42,
        size: 30,
        colour: 'white',
        font: 'DejaVu Serif',
      })),
      { text: labels.footer, y: 322, size: 16, colour: '0xd9c9b0', font: 'DejaVu Sans' },
    ];
    const filters = ['drawbox=x=0:y=300:w=640:h=60:color=0x3d121c:t=fill'];
    for (const [index, line] of lines.entries()) {
      const file = path.join(workDir, `zeile-${index}.txt`);
      await writeFile(file, line.text, 'utf8');
      filters.push(drawtext(file, line));
    }
    const encode = (videoFilters: string[]) =>
      run(ffmpeg.path, [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=0x5a1e2b:s=640x360:d=4:r=12',
        '-vf',
        videoFilters.join(','),
        '-c:v',
        'libvpx',
        '-b:v',
        '150k',
        '-g',
        '48',
        '-an',
        '-f',
        'webm',
        partial,
      ]);
    try {
      await encode(filters);
    } catch {
      // A machine without any font cannot draw text: the card is rendered without its title.
      await encode(filters.slice(0, 1));
    }
    await syncFile(partial);
    await publishFile(partial, target);
  } finally {
    await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}
