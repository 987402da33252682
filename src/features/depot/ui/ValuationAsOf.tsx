import { Text } from '@mantine/core';
import type { ValuationAsOf as ValuationAsOfLine } from '../../../domain/valuation-as-of';
import { Figure } from './hidden-figures';

/** Source and date of a valuation figure; an old one in orange, so it reads as old. */
export function ValuationAsOf({ line, testId }: { line: ValuationAsOfLine; testId?: string }) {
  const [before, date, after] = line.parts;
  return (
    <Text span inherit c={line.stale ? 'orange.9' : undefined} data-testid={testId} data-stale={line.stale}>
      {before}
      {date && <Figure>{date}</Figure>}
      {after}
    </Text>
  );
}
