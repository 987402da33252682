/**
 * German captions and transcript of the demo videos. The seed's videos are silent title cards (a
 * kicker, the title, a footer, 4 seconds): their captions say so and carry the text shown, and
 * the transcript is the same text, so a reader who cannot see the video misses nothing. A
 * produced video replaces the file with its own captions (`captionsPath`); the page links it the
 * same way.
 */
export const DEMO_VIDEO_SECONDS = 4;

export interface CaptionCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** The cues of a title-card video: what it shows, and that it has no sound. */
export function titleCardCues(title: string, kicker: string, footer: string): CaptionCue[] {
  return [
    { startSeconds: 0, endSeconds: DEMO_VIDEO_SECONDS / 2, text: `[Ohne Ton] ${kicker}: ${title}` },
    { startSeconds: DEMO_VIDEO_SECONDS / 2, endSeconds: DEMO_VIDEO_SECONDS, text: footer },
  ];
}

export const ACADEMY_CARD = { kicker: 'Weinwissen', footer: 'Weindepot Akademie' } as const;

function timestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const millis = Math.round((seconds - whole) * 1000);
  const hh = String(Math.floor(whole / 3600)).padStart(2, '0');
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(millis).padStart(3, '0')}`;
}

/** The cues as a WebVTT file. */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${timestamp(cue.startSeconds)} --> ${timestamp(cue.endSeconds)}\n${cue.text.replace(/-->/g, '→')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Where an academy video's German captions are served (public, beside its thumbnail). */
export function academyCaptionsPath(slug: string): string {
  return `academy/${slug}.de.vtt`;
}
