import { Anchor, Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { legalPath } from '../../../domain/legal-pages';
import { useAcceptConsent } from '../api/advice';

/** "Ihre Zustimmung ist gefordert": blocking until both boxes are ticked and the consent is sent. */
export function ConsentModal({ uid, opened }: { uid: string; opened: boolean }) {
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const accept = useAcceptConsent(uid);
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Ihre Zustimmung ist gefordert"
      centered
    >
      <Stack>
        <Text size="sm">Um Ihren persönlichen Portfoliovorschlag anzusehen, stimmen Sie bitte zu:</Text>
        <Checkbox
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          label={
            <>
              Ich akzeptiere die{' '}
              <Anchor href={legalPath('agb')} target="_blank" rel="noreferrer">
                AGB
              </Anchor>
              .
            </>
          }
        />
        <Checkbox
          checked={privacy}
          onChange={(event) => setPrivacy(event.currentTarget.checked)}
          label={
            <>
              Ich habe die{' '}
              <Anchor href={legalPath('datenschutz')} target="_blank" rel="noreferrer">
                Datenschutzerklärung
              </Anchor>{' '}
              gelesen und stimme ihr zu.
            </>
          }
        />
        {accept.error && (
          <Text c="red" size="sm">
            {accept.error.message}
          </Text>
        )}
        <Button disabled={!terms || !privacy} loading={accept.isPending} onClick={() => accept.mutate()}>
          Zustimmen und fortfahren
        </Button>
      </Stack>
    </Modal>
  );
}
