import { Badge, Group, Tooltip } from '@mantine/core';
import { MAX_WORKSPACE_BADGES } from '@asb/contracts';

/**
 * The workspaces of a row: at most 3 badges (spec 1 §9), the rest behind '+N more'. A list named
 * 'Workspaces', so that a reader (and a test) finds them apart from the same name elsewhere on the page.
 */
export function WorkspaceBadges({ workspaces }: { workspaces: Record<string, string> }) {
  const identifiers = Object.values(workspaces).sort();
  const shown = identifiers.slice(0, MAX_WORKSPACE_BADGES);
  const hidden = identifiers.slice(MAX_WORKSPACE_BADGES);
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label="Workspaces">
      {shown.map((identifier) => (
        <Badge key={identifier} variant="light" size="sm" tt="none" role="listitem">
          {identifier}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.join(', ')} withArrow>
          <Badge variant="outline" color="gray" size="sm" tt="none" role="listitem">
            +{hidden.length} more
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
