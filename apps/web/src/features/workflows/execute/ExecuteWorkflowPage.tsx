import { Anchor, Badge, Container, Group, Stack, Switch, Tabs, Title } from '@mantine/core';
import { IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { ResourceNotFound } from '../../../ui/ResourceNotFound';
import { refusalOf } from '../../../app/api/refusal';
import { useReportError } from '../../../app/api/use-report-error';
import { useExecuteTarget } from '../../executions/execute/use-execute-target';
import { ExecuteForm, type ExecuteFormHandle } from '../../executions/execute/ExecuteForm';
import { productInputs } from '../../executions/execute/execute-form';
import { ProductSearchPanel } from '../../catalogue/product-input/ProductSearchPanel';

const SEARCH_PRODUCTS_FEATURE = 'workflow-page-search-products';
const SCHEDULES_FEATURE = 'navbar-schedules';

/** /workflows/{id}/schedule: the same form with the schedule part shown (spec 1 §2). */
export function ScheduleWorkflowPage() {
  return <ExecuteWorkflowPage initialScheduling />;
}

/**
 * /workflows/{id}/execute (spec 1 §2 Execute / Schedule workflow form): the workflow's
 * inputs, checked as they are typed (spec 1 §5), and Execute (spec 1 §4); with the
 * Schedule switch (schedules feature) the form schedules the workflow instead.
 */
export function ExecuteWorkflowPage({ initialScheduling = false }: { initialScheduling?: boolean }) {
  const id = useParams().id ?? '';
  const { hasFeature, instance } = useAuth();
  const canSchedule = hasFeature(SCHEDULES_FEATURE);
  const [isScheduling, setIsScheduling] = useState(initialScheduling);
  const { processor, allowed } = useExecuteTarget(id);
  const [tab, setTab] = useState<string | null>('execute');
  // the search panel mounts when first opened, then keeps its results: until then the
  // form's own fields (a workflow's West, South…) are the only ones of their name
  const [hasSearched, setHasSearched] = useState(false);
  const chooseTab = (next: string | null) => {
    setTab(next);
    if (next === 'search') setHasSearched(true);
  };
  const form = useRef<ExecuteFormHandle>(null);
  const groups = processor.data?.attributes.inputs;
  const targets = useMemo(() => productInputs(groups ?? []), [groups]);
  const refusal = refusalOf(processor.error, 'workflow');
  useReportError(refusal ? null : processor.error, processor.errorUpdatedAt, 'knowledge');

  if (processor.isPending) return <PageLoader />;
  if (processor.isError) return <ResourceNotFound title={refusal ?? 'Workflow not found'} backTo={routePath('workflows')} backLabel="Back to the workflows" />;

  const { attributes: a } = processor.data;
  const withSearch = hasFeature(SEARCH_PRODUCTS_FEATURE);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={1} size="h2">
              {a.ownerId} / {a.label}
            </Title>
            <Group gap="xs">
              <Anchor component={Link} to={routePath('workflow', { id })} c="dimmed" ff="monospace" size="sm">
                {a.identifier}
              </Anchor>
              <Badge variant="light" size="sm">
                Version {a.version}
              </Badge>
            </Group>
          </div>
          {canSchedule && <Switch label="Schedule" checked={isScheduling} onChange={(event) => setIsScheduling(event.currentTarget.checked)} />}
        </Group>
        {/* display-none rather than React's Activity: a hidden Activity detaches refs, and the
            Search products tab fills the (hidden) execute form through its ref */}
        <Tabs value={tab} onChange={chooseTab} keepMounted keepMountedMode="display-none">
          <Tabs.List>
            <Tabs.Tab value="execute" leftSection={<IconPlayerPlay size={16} />}>
              Execute
            </Tabs.Tab>
            {withSearch && (
              <Tabs.Tab value="search" leftSection={<IconSearch size={16} />}>
                Search products
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="execute" pt="lg">
            <ExecuteForm
              ref={form}
              key={`${processor.data.id}:${a.version}`}
              processor={processor.data}
              allowed={allowed.allowed}
              isCheckingAllowed={allowed.isChecking}
              isScheduling={canSchedule && isScheduling}
              theme={instance?.theme ?? ''}
            />
          </Tabs.Panel>
          {withSearch && (
            <Tabs.Panel value="search" pt="lg">
              {hasSearched && (
                <ProductSearchPanel
                  targets={targets}
                  onSelect={(target, value) => {
                    form.current?.setValue(target.key, value);
                    setTab('execute');
                  }}
                />
              )}
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Container>
  );
}
