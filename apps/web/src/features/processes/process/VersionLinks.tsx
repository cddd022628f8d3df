import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';

/** Links to the version lists, filtered on this process (spec 2: f=process__identifier:{identifier}). */
export function VersionLinks({ identifier }: { identifier: string }) {
  const query = `?${new URLSearchParams({ f: `process__identifier:${identifier}` }).toString()}`;
  return (
    <Group gap="md">
      <Anchor component={Link} to={`${routePath('processVersions')}${query}`} size="sm">
        All released versions
      </Anchor>
      <Anchor component={Link} to={`${routePath('processBuckets')}${query}`} size="sm">
        All unreleased versions
      </Anchor>
    </Group>
  );
}
