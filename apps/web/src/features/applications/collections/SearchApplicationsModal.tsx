import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { useApplicationSearch } from '../api/collections';

/** "Search for Applications" (spec 3 §2): results grouped by collection, applications with version badges. */
export function SearchApplicationsModal({ isOpened, onClose }: { isOpened: boolean; onClose(): void }) {
  return (
    <Modal opened={isOpened} onClose={onClose} title="Search for Applications" size="lg">
      {isOpened && <SearchForm onClose={onClose} />}
    </Modal>
  );
}

function SearchForm({ onClose }: { onClose(): void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useApplicationSearch(query);
  const groups = search.data ?? [];
  return (
    <Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Query"
            placeholder="Title, identifier, description or keyword"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Group>
      </form>
      {query === '' && <Text c="dimmed">Please enter a search query and press search.</Text>}
      {query !== '' && search.isPending && <Loader size="sm" />}
      {search.isError && (
        <Alert color="red" variant="light">
          Failed to reach Catalogue
        </Alert>
      )}
      {search.isSuccess && groups.length === 0 && <Text c="dimmed">No applications matching query found.</Text>}
      {groups.map((group) => (
        <Paper key={group.collection.identifier} withBorder p="sm" radius="md">
          <Anchor component={Link} to={routePath('catalogueCollection', { id: group.collection.identifier })} fw={600} onClick={onClose}>
            {group.collection.ownerId} / {group.collection.verbose_name || group.collection.identifier}
          </Anchor>
          <Stack gap={4} mt="xs">
            {group.applications.map((application) => (
              <Group key={application.identifier} gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={routePath('catalogueApplicationDetail', { id: group.collection.identifier, appId: application.identifier })}
                  size="sm"
                  onClick={onClose}
                >
                  {application.title || application.identifier}
                </Anchor>
                <Badge size="sm" variant="light" tt="none">
                  {application.softwareVersion || 'not specified'}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
