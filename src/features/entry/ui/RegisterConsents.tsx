import { Anchor, Checkbox, Stack } from '@mantine/core';
import { legalPath } from '../../../domain/legal-pages';
import { REQUIRED_LABEL_CLASS } from './required-field';
import type { RegistrationFormState } from './use-registration-form';

const REQUIRED_CHECKBOX_PROPS = { required: true, classNames: { label: REQUIRED_LABEL_CLASS } } as const;

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit underline="always">
      {children}
    </Anchor>
  );
}

/** The three required confirmations and the optional newsletter. */
export function RegisterConsents({ state }: { state: RegistrationFormState }) {
  const { inputProps, touch, visibleError } = state;
  return (
    <Stack gap="sm">
      <Checkbox
        label={<>Ich bestätige, dass ich älter als 18 Jahre bin.</>}
        {...REQUIRED_CHECKBOX_PROPS}
        {...inputProps('ageConfirmed')}
        onBlur={() => touch('ageConfirmed')}
        error={visibleError('ageConfirmed')}
      />
      <Checkbox
        label={
          <>
            Ich akzeptiere die{' '}
            <ExternalLink href={legalPath('agb')}>Allgemeinen Geschäftsbedingungen</ExternalLink> (AGB).
          </>
        }
        {...REQUIRED_CHECKBOX_PROPS}
        {...inputProps('termsAccepted')}
        onBlur={() => touch('termsAccepted')}
        error={visibleError('termsAccepted')}
      />
      <Checkbox
        label={
          <>
            Ich habe die <ExternalLink href={legalPath('datenschutz')}>Datenschutzrichtlinien</ExternalLink>{' '}
            gelesen und akzeptiere sie.
          </>
        }
        {...REQUIRED_CHECKBOX_PROPS}
        {...inputProps('privacyAccepted')}
        onBlur={() => touch('privacyAccepted')}
        error={visibleError('privacyAccepted')}
      />
      <Checkbox label="Ich möchte den Newsletter erhalten." {...inputProps('newsletter')} />
    </Stack>
  );
}
