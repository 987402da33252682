import { Stack, Text } from '@mantine/core';
import { type CSSProperties, useId } from 'react';
import type { CaptionCue } from '../../domain/video-captions';

export interface CaptionedVideoProps {
  src: string;
  poster?: string | undefined;
  /** The video's accessible name. */
  label: string;
  /** The German WebVTT file of its words (the same as `cues`). */
  captionsSrc: string;
  cues: readonly CaptionCue[];
  preload: 'none' | 'metadata';
  style?: CSSProperties;
}

/**
 * A video with German captions and, below it, a transcript of the same words (folded), so a
 * reader who cannot see or hear it misses nothing; the video names the transcript as its
 * description.
 */
export function CaptionedVideo({
  src,
  poster,
  label,
  captionsSrc,
  cues,
  preload,
  style,
}: CaptionedVideoProps) {
  const transcriptId = useId();
  return (
    <Stack gap="xs">
      <video
        src={src}
        poster={poster}
        controls
        preload={preload}
        style={{ width: '100%', borderRadius: 8, background: 'black', ...style }}
        aria-label={label}
        aria-describedby={transcriptId}
      >
        <track kind="captions" srcLang="de" label="Deutsch" src={captionsSrc} default />
      </video>
      <details id={transcriptId} data-testid="video-transcript">
        <summary>Transkript</summary>
        <Stack gap={4} mt="xs">
          {cues.map((cue) => (
            <Text key={cue.startSeconds} size="sm">
              {cue.text}
            </Text>
          ))}
        </Stack>
      </details>
    </Stack>
  );
}
