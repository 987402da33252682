import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  amountSelectable,
  CASE_AMOUNTS,
  type CaseAmount,
  MOST_BOUGHT_AMOUNT,
  MOST_BOUGHT_LABEL,
} from '../../../domain/offer-display';
import { countLabel } from '../../../domain/plural';

export interface AmountPickerProps {
  value: CaseAmount;
  onChange: (amount: CaseAmount) => void;
  availableCases: number;
}

/** The case-amount picker 1/2/3; "2 Kisten" carries "MEISTGEKAUFT". */
export function AmountPicker({ value, onChange, availableCases }: AmountPickerProps) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="amount-picker-label">
        Anzahl Kisten
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby="amount-picker-label" wrap="nowrap">
        {CASE_AMOUNTS.map((amount) => (
          <Stack key={amount} gap={2} align="center" style={{ flex: 1 }}>
            <Button
              fullWidth
              role="radio"
              aria-checked={value === amount}
              variant={value === amount ? 'filled' : 'default'}
              disabled={!amountSelectable(amount, availableCases)}
              onClick={() => onChange(amount)}
            >
              {countLabel(amount, 'Kiste')}
            </Button>
            {amount === MOST_BOUGHT_AMOUNT && (
              <Badge size="xs" color="orange" variant="light">
                {MOST_BOUGHT_LABEL}
              </Badge>
            )}
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}
