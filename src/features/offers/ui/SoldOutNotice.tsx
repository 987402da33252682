import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { SOLD_OUT_TEXTS, soldOutHeadline } from '../../../domain/sold-out';
import { useAccountMe, useRequestSoldOutNotification } from '../../account';

export interface SoldOutNoticeProps {
  /** The sold-out vintage the client wants to hear about first. */
  vintageId: number;
  /** Wine title, e.g. "Château Lafite Rothschild". */
  wine: string;
  year: number;
}

/**
 * "{wine} {year} ist bereits ausverkauft" with the request to be informed first when it returns:
 * idle → sent (button disabled, thank-you text). A failing user query, or a visitor asking, goes to /login.
 */
export function SoldOutNotice({ vintageId, wine, year }: SoldOutNoticeProps) {
  const navigate = useNavigate();
  const account = useAccountMe();
  const request = useRequestSoldOutNotification();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (account.isError) void navigate('/login');
  }, [account.isError, navigate]);

  const sent =
    request.data?.success === true || (account.data?.soldOutRequestVintageIds.includes(vintageId) ?? false);

  const ask = async () => {
    setError(null);
    // A visitor (no user) is asked to log in first.
    if (account.data === null) {
      void navigate('/login');
      return;
    }
    try {
      const result = await request.mutateAsync(vintageId);
      if (!result.success) setError(result.errors[0]?.message ?? GENERIC_ERROR);
    } catch {
      setError(GENERIC_ERROR);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="sold-out-notice">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{soldOutHeadline(wine, year)}</Text>
        <Button onClick={() => void ask()} disabled={sent || account.isPending} loading={request.isPending}>
          {SOLD_OUT_TEXTS.request}
        </Button>
        {sent && (
          <Text c="teal.9" role="status">
            {SOLD_OUT_TEXTS.thanks}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
