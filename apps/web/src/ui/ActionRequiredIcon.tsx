import { Tooltip } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';

export const ACTION_REQUIRED = 'Action in your account is required';

/** The red warning shown while the datastore credentials have not been changed (spec 1 §2). */
export function ActionRequiredIcon({ size = 16 }: { size?: number }) {
  return (
    <Tooltip label={ACTION_REQUIRED} withArrow>
      <IconAlertTriangleFilled size={size} color="var(--mantine-color-red-6)" role="img" aria-label={ACTION_REQUIRED} title={ACTION_REQUIRED} />
    </Tooltip>
  );
}
