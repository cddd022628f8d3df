import { Alert, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { UPLOAD_STEPS } from '@asb/contracts';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { barValue, type UploadProgress } from './upload-progress';

const STEP_LABELS = { received: 'Received', validated: 'Validated', described: 'Described', registered: 'Registered' } as const;

/** The steps of spec 3 §4 and the bar: full and red on failure, with what is wrong. */
export function UploadSteps({ progress }: { progress: UploadProgress }) {
  const isFailed = progress.phase === 'failed';
  const isActive = progress.phase === 'sending' || progress.phase === 'processing';
  const value = barValue(progress);
  const sending = progress.phase === 'sending' ? ` (sending ${Math.round(progress.sent * 100)}%)` : '';
  return (
    <Stack gap="sm">
      <Progress
        value={value}
        color={isFailed ? 'red' : progress.phase === 'registered' ? 'green' : 'blue'}
        striped={isActive}
        animated={isActive}
        size="lg"
        aria-label={`Upload progress${sending}`}
        data-phase={progress.phase}
      />
      <Group gap="lg" role="list" aria-label="Upload steps">
        {UPLOAD_STEPS.map((step, index) => {
          const isDone = progress.steps.includes(step);
          // a failure stops at the step after the last one reached
          const isFailedHere = isFailed && index === progress.steps.length;
          return (
            <Group key={step} gap={6} role="listitem" data-step={step} data-state={isDone ? 'done' : isFailedHere ? 'failed' : 'pending'}>
              <ThemeIcon size="sm" radius="xl" color={isDone ? 'green' : isFailedHere ? 'red' : 'gray'} variant={isDone || isFailedHere ? 'filled' : 'light'}>
                {isDone ? <IconCheck size={12} /> : isFailedHere ? <IconX size={12} /> : <IconCircleDashed size={12} />}
              </ThemeIcon>
              <Text size="sm" c={isDone ? undefined : 'dimmed'}>
                {STEP_LABELS[step]}
              </Text>
            </Group>
          );
        })}
      </Group>
      {sending && (
        <Text size="xs" c="dimmed">
          Sending the file: {Math.round(progress.sent * 100)}%
        </Text>
      )}
      {isFailed && (
        <Alert color="red" variant="light" title="The application was not registered">
          {/* cwltool's reasons can run long: kept readable (line breaks) and scrolled within the dialog */}
          <Text size="sm" ff="monospace" mah={240} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowY: 'auto' }}>
            {progress.message}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
