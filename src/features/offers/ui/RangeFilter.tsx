import { RangeSlider, Text } from '@mantine/core';
import { useState } from 'react';

export interface RangeFilterProps {
  /** Heading text before the current values, e.g. "Jahrgang". */
  label: string;
  min: number;
  max: number;
  /** Slider step; default 1. */
  step?: number;
  /** The range in the URL. */
  value: [number, number];
  /** Called once the user lets go of a thumb (mouse, touch or keyboard). */
  onCommit: (range: [number, number]) => void;
  format?: (value: number) => string;
  thumbLabels: [string, string];
}

/** A range slider whose heading follows the thumbs live and which commits on release. */
export function RangeFilter({
  label,
  min,
  max,
  step = 1,
  value,
  onCommit,
  format = String,
  thumbLabels,
}: RangeFilterProps) {
  const [live, setLive] = useState<[number, number]>(value);
  return (
    <>
      <Text size="sm" fw={500}>
        {label}: {format(live[0])} – {format(live[1])}
      </Text>
      <RangeSlider
        min={min}
        max={max}
        step={step}
        minRange={0}
        value={live}
        onChange={setLive}
        onChangeEnd={onCommit}
        label={format}
        thumbFromLabel={thumbLabels[0]}
        thumbToLabel={thumbLabels[1]}
        mt="xs"
      />
    </>
  );
}
