import { Button, Container } from '@mantine/core';
import { IconBrandDocker, IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { ResourceList } from '../../../ui/resource-list';
import { processSource } from '../api/processes';
import { NEW_PROCESS, PROCESS_ARCHIVE_TEXT, PROCESS_COLUMNS, PROCESS_DEFAULT_FILTER, PROCESS_PRESETS } from './process-list-config';

/** /processes: the generic list of processes (spec 2 §2 Process list). */
export function ProcessesPage() {
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Processes"
        noun={{ name: 'Process', plural: 'processes' }}
        source={processSource}
        columns={PROCESS_COLUMNS}
        filterPresets={PROCESS_PRESETS}
        defaultFilter={PROCESS_DEFAULT_FILTER}
        defaultSort="-createdAt"
        create={NEW_PROCESS}
        rowActions={{ archiveText: PROCESS_ARCHIVE_TEXT }}
        headerExtras={
          <>
            <Button component={Link} to={routePath('repositoryBrowser')} variant="subtle" leftSection={<IconBrandDocker size={16} />}>
              Repository
            </Button>
            <Button component={Link} to={routePath('wrapperGenerator')} variant="default" leftSection={<IconWand size={16} />}>
              New wrapper
            </Button>
          </>
        }
      />
    </Container>
  );
}
