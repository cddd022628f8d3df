import { Anchor, Badge, Button, Group, Stack, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { isHttpUrl, licenceHref, NOTIFY_MS, splitKeywords, type Application } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { useUpdateApplication } from '../api/applications';
import { LICENCE_WARNING, updateOf, valuesOf, type PropertiesValues } from './properties-form';

type TextKey = Exclude<keyof PropertiesValues, 'inputs' | 'keywords'>;

/** Properties (spec 3 Application detail): shown, or edited by who may (owner or superuser; a published one by a superuser only). */
export function PropertiesTab({ application }: { application: Application }) {
  const [editing, setEditing] = useState<PropertiesValues>();
  const update = useUpdateApplication(application.collection);
  const values = editing ?? valuesOf(application);
  const isEditing = editing !== undefined;
  const set = (patch: Partial<PropertiesValues>) => setEditing((current) => (current ? { ...current, ...patch } : current));
  const licenceFlag = isEditing && !isHttpUrl(values.license) ? LICENCE_WARNING : undefined;

  // mutateAsync, not mutate's callbacks: the update is confirmed after the refetch, and when that fails the
  // page shows 'Application not found' in place of this tab; React Query skips the callbacks of a component gone
  const save = () =>
    update.mutateAsync(updateOf(application.identifier, values)).then(
      () => {
        notifications.show({ message: 'Application info updated', color: 'green', autoClose: NOTIFY_MS.success });
        setEditing(undefined);
      },
      (error: unknown) => handleError(error, 'Backend'),
    );

  const text = (key: TextKey, label: string, view?: ReactNode, error?: string) => (
    <Row label={label}>
      {isEditing ? (
        <TextInput aria-label={label} value={values[key]} onChange={(event) => set({ [key]: event.currentTarget.value })} error={error} />
      ) : (
        (view ?? values[key]) || <Text c="dimmed">not specified</Text>
      )}
    </Row>
  );
  const link = (href: string) =>
    isHttpUrl(href) ? (
      <Anchor href={href} target="_blank" rel="noreferrer">
        {href}
      </Anchor>
    ) : (
      href
    );
  const licenceLink = licenceHref(values.license);

  return (
    <Stack gap="md">
      {application.permissions.edit && (
        <Group justify="flex-end">
          {isEditing ? (
            <>
              <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setEditing(undefined)} disabled={update.isPending}>
                Discard
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={update.isPending}>
                Save
              </Button>
            </>
          ) : (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(valuesOf(application))}>
              Edit
            </Button>
          )}
        </Group>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="Properties">
        <Table.Tbody>
          <Row label="Identifier">
            <Text ff="monospace">{application.identifier}</Text>
          </Row>
          <Row label="Title">{application.title}</Row>
          <Row label="Description">
            {isEditing ? (
              <Textarea aria-label="Description" rows={4} value={values.description} onChange={(event) => set({ description: event.currentTarget.value })} />
            ) : (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{values.description}</Text>
            )}
          </Row>
          <Row label="Keywords">
            {isEditing ? (
              <TagsInput
                aria-label="Keywords"
                placeholder="Add keywords"
                description="Separated by comma or semicolon"
                splitChars={[',', ';']}
                value={splitKeywords(values.keywords)}
                onChange={(tags) => set({ keywords: tags.join(', ') })}
                // a pasted 'a; b, c' becomes three tags
                onPaste={(event) => {
                  const pasted = event.clipboardData.getData('text');
                  if (!/[,;]/.test(pasted)) return;
                  event.preventDefault();
                  set({ keywords: splitKeywords(`${values.keywords},${pasted}`).join(', ') });
                }}
              />
            ) : (
              <Group gap={4}>
                {splitKeywords(values.keywords).map((keyword) => (
                  <Badge key={keyword} variant="outline" tt="none">
                    {keyword}
                  </Badge>
                ))}
              </Group>
            )}
          </Row>
          <Row label="Software version">{application.softwareVersion || <Text c="dimmed">not specified</Text>}</Row>
          {text('dateCreated', 'Date created')}
          {text('releaseNotes', 'Release notes URL', link(values.releaseNotes))}
          {text(
            'license',
            'Licence URL',
            licenceLink ? (
              <Anchor href={licenceLink} target="_blank" rel="noreferrer">
                {values.license}
              </Anchor>
            ) : undefined,
            licenceFlag,
          )}
          {text('logo', 'Logo URL', link(values.logo))}
          {text('authorName', 'Author name')}
          {text('authorAffiliation', 'Author affiliation')}
          {text('authorEmail', 'Author email')}
          {values.inputs.map((input, index) => (
            <InputRows
              key={input.id}
              input={input}
              isEditing={isEditing}
              onChange={(patch) => set({ inputs: values.inputs.map((other, at) => (at === index ? { ...other, ...patch } : other)) })}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={220}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

type InputValues = PropertiesValues['inputs'][number];

/** An input's label, doc and default rows (editable like the rest). */
function InputRows({ input, isEditing, onChange }: { input: InputValues; isEditing: boolean; onChange(patch: Partial<InputValues>): void }) {
  const fields = [
    ['label', 'label'],
    ['doc', 'doc'],
    ['default', 'default'],
  ] as const;
  return fields.map(([key, name]) => {
    const label = `Input ${input.id} ${name}`;
    return (
      <Row key={key} label={label}>
        {isEditing ? (
          <TextInput aria-label={label} value={input[key]} onChange={(event) => onChange({ [key]: event.currentTarget.value })} />
        ) : (
          input[key] || <Text c="dimmed">not specified</Text>
        )}
      </Row>
    );
  });
}
