import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileCode } from '@tabler/icons-react';
import type { ApplicationSummary } from '@asb/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../../app/routes';
import { UploadSteps } from './UploadSteps';
import { CWL_EXTENSIONS, fileProblem } from './upload-progress';
import { useCwlUpload } from './use-cwl-upload';

export interface RegisterApplicationModalProps {
  collection: string;
  isOpened: boolean;
  onClose(): void;
}

/** "Register new application" (spec 3 §2): a CWL file is chosen, then sent when Upload is clicked. */
export function RegisterApplicationModal({ collection, isOpened, onClose }: RegisterApplicationModalProps) {
  return (
    <Modal opened={isOpened} onClose={onClose} title="Register new application" size="lg">
      {/* mounted per opening: every opening starts without a file */}
      {isOpened && <RegisterForm collection={collection} onClose={onClose} />}
    </Modal>
  );
}

function RegisterForm({ collection, onClose }: { collection: string; onClose(): void }) {
  const [file, setFile] = useState<File>();
  const [registered, setRegistered] = useState<ApplicationSummary>();
  // the file last sent: another one may follow it
  const [sent, setSent] = useState<File>();
  const { progress, start } = useCwlUpload(collection);
  const problem = file ? fileProblem(file) : undefined;
  const isBusy = progress.phase === 'sending' || progress.phase === 'processing';

  const upload = async () => {
    if (!file || problem) return;
    setSent(file);
    setRegistered(undefined);
    setRegistered(await start(file));
  };

  return (
    <Stack>
      <Dropzone
        onDrop={(files) => files[0] && setFile(files[0])}
        multiple={false}
        disabled={isBusy}
        radius="md"
        p="lg"
        inputProps={{ 'aria-label': 'CWL file' }}
      >
        <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
          <IconFileCode size={28} color="var(--mantine-color-blue-6)" />
          <Text fw={500}>{file ? file.name : 'Drop a CWL file here or click to choose it'}</Text>
          <Text size="sm" c="dimmed">
            {file ? sizeText(file.size) : `An application package: CWL 1.2 in YAML or JSON (${CWL_EXTENSIONS.join(', ')}), at most 20 MB`}
          </Text>
        </Stack>
      </Dropzone>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      {progress.phase !== 'idle' && <UploadSteps progress={progress} />}
      <Group justify="flex-end">
        {registered && (
          <Button variant="light" component={Link} to={routePath('catalogueApplicationDetail', { id: collection, appId: registered.identifier })}>
            Open {registered.title || registered.identifier}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          onClick={() => void upload()}
          disabled={!file || Boolean(problem) || isBusy || (file === sent && progress.phase === 'registered')}
          loading={isBusy}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
