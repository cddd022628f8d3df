import {
  COLLECTION_REQUEST_JSON_FIELDS,
  COLLECTION_REQUEST_KEYWORD,
  COLLECTION_REQUEST_PREFIX,
  jsonFieldError,
  normalizeCollectionIdentifier,
  NOTIFY_MS,
  type CreateCollectionRequest,
} from '@asb/contracts';
import { ActionIcon, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { handleError } from '../../app/api/error-handler';
import { ApiError } from '../../app/api/http';
import { routePath } from '../../app/routes';
import { useRequestCollection } from './api';

/** Spec 3 §8: the text of a 400, and the other texts of the form. */
const MANDATORY = 'Identifier and title are mandatory fields';
const SENT = 'Your collection request has been sent';

type JsonField = (typeof COLLECTION_REQUEST_JSON_FIELDS)[number];
const JSON_LABELS: Record<JsonField, string> = {
  geometry: 'Geometry',
  contactPoint: 'Contact point',
  acquisitionInformation: 'Acquisition information',
  distribution: 'Distribution',
  categories: 'Categories',
  productInformation: 'Product information',
  authorizations: 'Authorizations',
};

interface Values extends Record<JsonField, string> {
  identifier: string;
  title: string;
  abstract: string;
  keywords: string;
  lang: string;
  publisher: string;
  rights: string;
  srcDataAccess: string;
  dstDataAccess: string;
  esIndex: string;
  authors: { type: string; email: string; name: string }[];
  additionalAttributes: { key: string; value: string }[];
}

const INITIAL: Values = {
  identifier: '',
  title: '',
  abstract: '',
  keywords: '',
  lang: '',
  publisher: '',
  rights: '',
  srcDataAccess: '',
  dstDataAccess: '',
  esIndex: '',
  authors: [],
  additionalAttributes: [],
  ...(Object.fromEntries(COLLECTION_REQUEST_JSON_FIELDS.map((field) => [field, ''])) as Record<JsonField, string>),
};

/** /mep/collections/new (spec 3 §2, §5): the request form; the identifier is normalised when it loses focus, JSON fields checked. */
export function NewCollectionRequestPage() {
  const navigate = useNavigate();
  const request = useRequestCollection();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: {
      identifier: (value) => (normalizeCollectionIdentifier(value) ? null : MANDATORY),
      title: (value) => (value.trim() ? null : MANDATORY),
      ...Object.fromEntries(COLLECTION_REQUEST_JSON_FIELDS.map((field) => [field, (value: string) => jsonFieldError(field, value) ?? null])),
    },
  });

  const submit = form.onSubmit((values) => {
    const attributes: CreateCollectionRequest = {
      ...values,
      identifier: normalizeCollectionIdentifier(values.identifier),
      authors: values.authors.filter((author) => author.name.trim() || author.email.trim()),
      additionalAttributes: values.additionalAttributes.filter((attribute) => attribute.key.trim()),
    };
    request.mutate(attributes, {
      onSuccess: (document) => {
        notifications.show({ message: SENT, color: 'green', autoClose: NOTIFY_MS.short });
        void navigate(routePath('mepCollection', { id: document.data.id }));
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return handleError(error, 'Knowledge');
        const body = error.body as { detail?: string; errors?: { detail?: string; source?: { pointer?: string } }[] } | undefined;
        const byField = (body?.errors ?? []).filter((item) => item.source?.pointer?.startsWith('/data/attributes/'));
        for (const item of byField) form.setFieldError(item.source!.pointer!.split('/').pop()!, item.detail ?? 'Invalid value');
        // spec 3 §8: every refusal is also the 'Bad request' warning for 20 s, saying what the server
        // refused (for a request without identifier or title that is the spec's own text)
        notifications.show({ title: 'Bad request', message: body?.detail ?? MANDATORY, color: 'yellow', autoClose: NOTIFY_MS.error });
      },
    });
  });

  return (
    <Container size="md" py="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2}>Request a collection</Title>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <TextInput
                label="Identifier"
                withAsterisk
                description={`Normalised when you leave the field: ${COLLECTION_REQUEST_PREFIX}{lowercase-words}`}
                {...form.getInputProps('identifier')}
                onBlur={() => {
                  form.setFieldValue('identifier', normalizeCollectionIdentifier(form.getValues().identifier));
                  form.validateField('identifier');
                }}
              />
              <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
              <Textarea label="Abstract" autosize minRows={2} {...form.getInputProps('abstract')} />
              <TextInput
                label="Keywords"
                description={`Separated by spaces; ${COLLECTION_REQUEST_KEYWORD} is always added`}
                {...form.getInputProps('keywords')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Language" placeholder="en" {...form.getInputProps('lang')} />
                <TextInput label="Publisher" {...form.getInputProps('publisher')} />
                <TextInput label="Rights" {...form.getInputProps('rights')} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Text fw={600}>Details as JSON</Text>
              {COLLECTION_REQUEST_JSON_FIELDS.map((field) => (
                <Textarea
                  key={field}
                  label={JSON_LABELS[field]}
                  placeholder={field === 'geometry' ? '[[4.30, 51.15], [4.50, 51.15], [4.50, 51.30], [4.30, 51.15]]' : '{"key": "value"}'}
                  autosize
                  minRows={field === 'geometry' ? 2 : 1}
                  ff="monospace"
                  {...form.getInputProps(field)}
                  onBlur={() => form.validateField(field)}
                />
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>Authors</Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => form.insertListItem('authors', { type: '', email: '', name: '' })}
                >
                  Add an author
                </Button>
              </Group>
              {form.getValues().authors.map((_, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput label="Name" {...form.getInputProps(`authors.${index}.name`)} style={{ flex: 2 }} />
                  <TextInput label="Email" {...form.getInputProps(`authors.${index}.email`)} style={{ flex: 2 }} />
                  <TextInput label="Type" placeholder="person" {...form.getInputProps(`authors.${index}.type`)} style={{ flex: 1 }} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove author ${index + 1}`}
                    onClick={() => form.removeListItem('authors', index)}
                    mb={6}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group justify="space-between" mt="sm">
                <Text fw={600}>Additional attributes</Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => form.insertListItem('additionalAttributes', { key: '', value: '' })}
                >
                  Add an attribute
                </Button>
              </Group>
              {form.getValues().additionalAttributes.map((_, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput label="Key" {...form.getInputProps(`additionalAttributes.${index}.key`)} style={{ flex: 1 }} />
                  <TextInput label="Value" {...form.getInputProps(`additionalAttributes.${index}.value`)} style={{ flex: 2 }} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove attribute ${index + 1}`}
                    onClick={() => form.removeListItem('additionalAttributes', index)}
                    mb={6}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Source data access" {...form.getInputProps('srcDataAccess')} />
              <TextInput label="Destination data access" {...form.getInputProps('dstDataAccess')} />
              <TextInput label="Search index" {...form.getInputProps('esIndex')} />
            </SimpleGrid>
          </Paper>
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={request.isPending}>
              Request collection
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
