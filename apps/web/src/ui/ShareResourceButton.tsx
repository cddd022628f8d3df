import type { BaseAttributes } from '@asb/contracts';
import { Button, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ShareDialog } from './ShareDialog';

interface ShareResourceButtonProps {
  resource: { id: string; attributes: Pick<BaseAttributes, 'isArchived' | 'permissions' | 'workspaces'> };
  /** the button's text, e.g. 'Share this workflow' */
  label: string;
  /** the dialog's title */
  title: string;
  /** the tooltip of the disabled button of an archived resource */
  archivedText: string;
  share: (id: string, workspaceIds: string[]) => Promise<unknown>;
  /** refreshed after sharing */
  queryKey: QueryKey;
}

/**
 * A resource page's share button and dialog: shown to those who may change the resource,
 * disabled with a tooltip when it is archived (archived resources cannot be shared).
 */
export function ShareResourceButton({ resource, label, title, archivedText, share, queryKey }: ShareResourceButtonProps) {
  const queryClient = useQueryClient();
  const [isSharing, setIsSharing] = useState(false);
  const { isArchived, permissions, workspaces } = resource.attributes;
  if (!permissions.change) return null;

  const onShare = async (workspaceIds: string[]) => {
    await share(resource.id, workspaceIds);
    await queryClient.invalidateQueries({ queryKey });
  };

  return (
    <>
      <Tooltip label={archivedText} disabled={!isArchived} withArrow>
        {/* a disabled button gets no pointer events, so the tooltip sits on a wrapper */}
        <span>
          <Button variant="default" leftSection={<IconShare size={16} />} disabled={isArchived || !permissions.share} onClick={() => setIsSharing(true)}>
            {label}
          </Button>
        </span>
      </Tooltip>
      <ShareDialog isOpened={isSharing} title={title} initialIds={Object.keys(workspaces)} onShare={onShare} onClose={() => setIsSharing(false)} />
    </>
  );
}
