import { Alert, Text } from '@mantine/core';
import { INVESTMENT_RISK_NOTICE, RISK_NOTICE_TITLE } from '../domain/risk-notice';

/** The risk notice beside projected figures: always shown, never behind a hover or a fold. */
export function RiskNotice() {
  return (
    <Alert variant="light" color="gray" title={RISK_NOTICE_TITLE} role="note" data-testid="risk-notice">
      <Text size="sm">{INVESTMENT_RISK_NOTICE}</Text>
    </Alert>
  );
}
