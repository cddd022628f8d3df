import { ActionIcon, Menu } from '@mantine/core';
import { NOTIFY_MS, type ApplicationSummary } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { IconDots, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { handleError } from '../../../app/api/error-handler';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { downloadCwl, useDeleteApplication } from '../api/applications';

/** The owner's and superuser's menu of an application row (spec 3 §6): Download CWL and Delete. */
export function ApplicationMenu({ collection, application }: { collection: string; application: ApplicationSummary }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteApplication(collection);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${application.identifier}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {application.hasOriginalCwl && (
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void downloadCwl(collection, application.identifier).catch(handleError)}>
              Download CWL
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setIsDeleting(true)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DeleteConfirmDialog
        isOpened={isDeleting}
        name="application"
        identifier={application.identifier}
        isPending={remove.isPending}
        onClose={() => setIsDeleting(false)}
        onConfirm={() =>
          // mutateAsync, not mutate's callbacks: the refetch after the delete removes this row (and
          // this menu) before they run, and React Query skips them for an unmounted component
          remove.mutateAsync(application.identifier).then(
            () => {
              notifications.show({ message: 'Successfully deleted application', color: 'green', autoClose: NOTIFY_MS.success });
              setIsDeleting(false);
            },
            (error: unknown) => handleError(error, 'Backend'),
          )
        }
      />
    </>
  );
}
