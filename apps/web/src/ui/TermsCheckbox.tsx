import { Anchor, Checkbox, Group, Loader, Text } from '@mantine/core';

/** A change of a licence's terms: accepted, or consent revoked (spec 3 §4 Terms acceptance). */
export type TermsChange = 'accept' | 'revoke';

const CHANGE_TEXT: Record<TermsChange, string> = {
  accept: 'Accepting Terms and Conditions',
  revoke: 'Revoking consent for Terms and Conditions',
};

interface TermsCheckboxProps {
  licence: string;
  isAccepted: boolean;
  /** the change under way, shown with a spinner (spec 3 §4 Terms acceptance) */
  pending: TermsChange | null;
  isLoading: boolean;
  onChange(change: TermsChange): void;
  /** what the terms are of ('application', 'model', 'dataset') */
  subject?: string;
}

/** Spec 3 §2 / §4: the terms of the application's (or model's, dataset's) licence URL, accepted or revoked by ticking the box. */
export function TermsCheckbox({ licence, isAccepted, pending, isLoading, onChange, subject = 'application' }: TermsCheckboxProps) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Checkbox
        checked={isAccepted}
        disabled={pending !== null || isLoading}
        onChange={(event) => onChange(event.currentTarget.checked ? 'accept' : 'revoke')}
        label={
          <>
            I accept the{' '}
            <Anchor href={licence} target="_blank" rel="noreferrer" inherit>
              Terms and Conditions
            </Anchor>{' '}
            of this {subject}
          </>
        }
      />
      {pending && (
        <Group gap={6} wrap="nowrap" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {CHANGE_TEXT[pending]}
          </Text>
        </Group>
      )}
    </Group>
  );
}
