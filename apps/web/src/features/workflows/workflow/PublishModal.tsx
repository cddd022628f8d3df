import { Button, Group, Image, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { pictureUrl } from '@asb/contracts';
import { useForm } from '@mantine/form';
import { fieldErrorsOf, handleError } from '../../../app/api/error-handler';
import type { usePublication } from '../api/publication';
import { checkPublishValues, initialPublishValues, isUsableImage, type PublishValues } from './publish-values';

export interface PublishModalProps {
  isOpened: boolean;
  /** the workflow's description attribute (JSON text {description, thumbnail_url}) */
  description: string;
  publish: ReturnType<typeof usePublication>['publish'];
  onPublished(): void;
  onClose(): void;
}

/** Publish to Marketplace: a description (required) and a thumbnail URL (spec 1 §2, §4). */
export function PublishModal(props: PublishModalProps) {
  return (
    <Modal opened={props.isOpened} onClose={props.onClose} title="Publish to Marketplace" size="lg">
      {/* mounted per opening so the form starts from the last published values */}
      {props.isOpened && <PublishForm {...props} />}
    </Modal>
  );
}

function PublishForm({ description, publish, onPublished, onClose }: PublishModalProps) {
  const form = useForm<PublishValues>({
    mode: 'controlled',
    initialValues: initialPublishValues(description),
    validate: (values) => checkPublishValues(values).errors,
  });
  const thumbnail = form.values.thumbnail_url.trim();

  const onSubmit = form.onSubmit((values) => {
    const { payload } = checkPublishValues(values);
    if (!payload) return;
    publish.mutate(payload, {
      onSuccess: onPublished,
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) form.setErrors(fieldErrors);
        else handleError(error, 'knowledge');
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Publish to Marketplace">
      <Stack>
        <Text size="sm" c="dimmed">
          Published workflows are listed on the Marketplace, where anyone can read their description.
        </Text>
        <Textarea label="Description" required rows={5} {...form.getInputProps('description')} />
        <TextInput
          label="Thumbnail URL"
          placeholder="https://..."
          description="An image address beginning with http:// or https://"
          {...form.getInputProps('thumbnail_url')}
        />
        {isUsableImage(thumbnail) && <Image src={pictureUrl(thumbnail)} alt="Thumbnail preview" h={120} w="auto" fit="contain" radius="sm" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={publish.isPending}>
            Publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
