import type { ModelServiceInfo, ModelServiceState } from '@asb/contracts';
import { NOTIFY_MS } from '@asb/contracts';
import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCloud, IconCloudOff, IconLoader2 } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { isStarting, useModelServiceChange } from '../api/model-service';
import { StopServiceDialog } from './StopServiceDialog';

/** Spec 3 §4: the button's text in each state of the model's service. */
const SERVICE_BUTTON_TEXT: Record<ModelServiceState, string> = {
  undeployed: 'Service not started',
  creating: 'Model starting as a Service',
  deploying: 'Model starting as a Service',
  available: 'Model is running as a Service',
  error: 'Service error',
};
export const NOT_DEPLOYABLE = 'This model cannot be deployed as a service.';

const HINT: Record<ModelServiceState, string> = {
  undeployed: 'Start the model as a service: an Open Inference Protocol endpoint of your own',
  creating: 'Loading the model…',
  deploying: 'Loading the model…',
  available: 'Stop the service',
  error: 'Start the service again',
};

const ICON: Record<ModelServiceState, React.ReactNode> = {
  undeployed: <IconCloudOff size={16} />,
  creating: <IconLoader2 size={16} />,
  deploying: <IconLoader2 size={16} />,
  available: <IconCloud size={16} />,
  error: <IconAlertTriangle size={16} />,
};

/**
 * The toolbar's status button of a model page (spec 3 §2, §4): it says the state of the caller's
 * service and acts on it — starts it when not started or in error, asks before stopping it when
 * it runs; disabled while the status is read, polled, or a start or stop is under way.
 */
export function ModelServiceButton({
  collection,
  modelId,
  name,
  info,
  isLoading,
}: {
  collection: string;
  modelId: string;
  name: string;
  info: ModelServiceInfo | undefined;
  isLoading: boolean;
}) {
  const change = useModelServiceChange();
  const [isStopAsked, setStopAsked] = useState(false);
  const status = info?.status;
  if (!isLoading && !status) {
    return (
      <Tooltip label={NOT_DEPLOYABLE}>
        <Button variant="default" disabled leftSection={<IconCloudOff size={16} />}>
          {SERVICE_BUTTON_TEXT.undeployed}
        </Button>
      </Tooltip>
    );
  }
  const act = (kind: 'start' | 'stop') =>
    change.mutate(
      { collection, modelId, change: kind },
      {
        onSuccess: (answer) => {
          setStopAsked(false);
          if (kind === 'stop') notifications.show({ message: `${name}: service ${answer.status ?? 'stopped'}`, color: 'gray', autoClose: NOTIFY_MS.short });
        },
        onError: (error) => handleError(error, 'Backend'),
      },
    );
  const state = status ?? 'undeployed';
  const isBusy = isLoading || change.isPending || isStarting(status);
  return (
    <>
      <Tooltip label={info?.error && state === 'error' ? info.error : HINT[state]} multiline maw={360}>
        <Button
          variant={state === 'available' ? 'light' : 'default'}
          color={state === 'available' ? 'teal' : state === 'error' ? 'red' : undefined}
          leftSection={ICON[state]}
          disabled={isBusy}
          loading={isStarting(status)}
          onClick={() => (state === 'available' ? setStopAsked(true) : act('start'))}
        >
          {SERVICE_BUTTON_TEXT[state]}
        </Button>
      </Tooltip>
      <StopServiceDialog name={name} isOpened={isStopAsked} isPending={change.isPending} onConfirm={() => act('stop')} onClose={() => setStopAsked(false)} />
    </>
  );
}
