import { Container, Paper, Stack, Tabs, Title } from '@mantine/core';
import { DynamicExecutions } from './DynamicExecutions';
import { ModelsAsServices } from './ModelsAsServices';
import { OrderedDatasets } from './OrderedDatasets';

/** /resources (spec 2 "Resources Usage"; signed in): what the caller used of the models and datasets of the catalogue. */
export function ResourcesPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={2}>Resources Usage</Title>
        <Paper withBorder radius="md" p="lg">
          <Tabs defaultValue="executions" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="executions">Dynamic Executions</Tabs.Tab>
              <Tabs.Tab value="services">Models as Services</Tabs.Tab>
              <Tabs.Tab value="datasets">Ordered Datasets</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="executions">
              <DynamicExecutions />
            </Tabs.Panel>
            <Tabs.Panel value="services">
              <ModelsAsServices />
            </Tabs.Panel>
            <Tabs.Panel value="datasets">
              <OrderedDatasets />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </Container>
  );
}
