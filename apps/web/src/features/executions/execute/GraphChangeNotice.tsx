import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import type { Processor } from '../../workflows/api/execute';

/**
 * Anyone who may edit a shared workflow may change the code it runs; a run hands that code the
 * runner's inputs, passwords included (docs/security.md "Secrets in executions"). So the form
 * says when someone else saved the graph, with the version history to see what they changed.
 */
export function GraphChangeNotice({ processor }: { processor: Processor }) {
  const { user } = useAuth();
  const { changedBy, changedAt, version } = processor.attributes;
  if (!user || changedBy === user.username) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`Changed by ${changedBy} on ${formatDateTime(changedAt)}: review before running`}
    >
      Version {version} of this workflow was saved by {changedBy}, not by you: the code it runs gets your inputs.{' '}
      <Anchor component={Link} to={`${routePath('workflow', { id: processor.id })}#versions`}>
        See the version history
      </Anchor>
    </Alert>
  );
}
