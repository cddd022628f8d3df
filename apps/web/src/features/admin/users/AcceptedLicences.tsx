import { Anchor, Button, Paper, Table, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useDeclineTerms, useUserTerms } from '../api/terms';

/** Spec 2 Edit user: the Terms and Conditions licences the user accepted, each with a decline button. */
export function AcceptedLicences({ username }: { username: string }) {
  const terms = useUserTerms(username);
  const decline = useDeclineTerms(username);
  const [declining, setDeclining] = useState<string | null>(null);
  const onDecline = async (licence: string) => {
    setDeclining(licence);
    try {
      await decline(licence);
    } catch (error) {
      handleError(error);
    } finally {
      setDeclining(null);
    }
  };
  const rows = terms.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="accepted-licences">
      <Title order={3} size="h5" mb="sm" id="accepted-licences">
        Accepted Terms and Conditions
      </Title>
      {terms.isError && (
        <Text size="sm" c="red">
          Something went wrong while fetching the accepted licences
        </Text>
      )}
      {terms.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No licences accepted
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing={4} aria-label="Accepted licences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Licence</Table.Th>
              <Table.Th>Accepted</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.terms_and_conditions_id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {row.terms_and_conditions_id === '*' ? (
                    'All licences (*)'
                  ) : (
                    <Anchor href={row.terms_and_conditions_id} target="_blank" rel="noreferrer" size="sm">
                      {row.terms_and_conditions_id}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.accepted_at)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    loading={declining === row.terms_and_conditions_id}
                    disabled={declining !== null}
                    onClick={() => void onDecline(row.terms_and_conditions_id)}
                    aria-label={`Decline ${row.terms_and_conditions_id}`}
                  >
                    Decline
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
