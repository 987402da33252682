import { Anchor, Text } from '@mantine/core';
import {
  type ResaleOriginFacts,
  resaleConditionText,
  resaleOriginShortText,
  resaleOriginText,
} from '../../../domain/secondary-market';

export interface ResaleOriginProps {
  origin: ResaleOriginFacts;
  /** The card's short form (whose cases, where, since when) @default false */
  compact?: boolean;
}

/** What a Zweitmarkt offer is: whose cases, where and since when, and its condition report. */
export function ResaleOrigin({ origin, compact = false }: ResaleOriginProps) {
  const size = compact ? 'xs' : 'sm';
  return (
    <Text fz={size} data-testid="resale-origin">
      {compact ? `${resaleOriginShortText(origin)} · ` : `${resaleOriginText(origin)} `}
      {origin.conditionReportUrl ? (
        <Anchor href={origin.conditionReportUrl} target="_blank" rel="noopener" fz={size}>
          {resaleConditionText(origin)} (PDF)
        </Anchor>
      ) : (
        `${resaleConditionText(origin)}.`
      )}
    </Text>
  );
}
