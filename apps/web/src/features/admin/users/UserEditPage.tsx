import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { ApiError } from '../../../app/api/http';
import { routePath } from '../../../app/routes';
import { useGroups } from '../api/groups';
import { useUser } from '../api/users';
import { AcceptedLicences } from './AcceptedLicences';
import { UserEditForm } from './UserEditForm';
import { UserSummary } from './UserSummary';

/** Edit user (route admin:user:edit, /admin/users/{username}). */
export function UserEditPage() {
  const username = useParams().username ?? '';
  const user = useUser(username);
  const groups = useGroups();
  const isNotFound = user.error instanceof ApiError && user.error.status === 404;
  const failure = (user.error && !isNotFound ? user.error : null) ?? groups.error;

  useEffect(() => {
    if (failure) handleError(failure);
  }, [failure]);

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={routePath('adminUsers')} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Users
      </Anchor>
      {isNotFound && (
        <Alert color="yellow" variant="light">
          User {username} not found
        </Alert>
      )}
      {(user.isPending || groups.isPending) && !user.error && !groups.error && (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
      {user.data && groups.data && (
        <>
          <UserSummary user={user.data} />
          {/* keyed so that another user's page starts from that user's values */}
          <UserEditForm key={user.data.username} user={user.data} groups={groups.data} />
          <AcceptedLicences username={user.data.username} />
        </>
      )}
    </Stack>
  );
}
