import { parseWorkflowDocument, workflowDocumentText, type WorkflowAttributes, type WorkflowGraph } from '@asb/contracts';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubBrowserApis } from './browser-test-stubs';
import { ARCHIVED_EDITOR_TEXT } from './ReadOnlyNotice';
import { PIPELINE, SIGNATURES } from './test-graph';
import { WorkflowEditor } from './WorkflowEditor';

beforeAll(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const LABELS: Record<string, string> = { 'load-scene:1': 'Load scene', 'ndvi:1': 'NDVI', 'export:1': 'Export' };

function version(identifier: string, id: number) {
  const [processIdentifier, value] = identifier.split(':');
  return {
    type: 'process-versions',
    id: String(id),
    attributes: {
      identifier,
      label: LABELS[identifier],
      value,
      processIdentifier,
      processLabel: LABELS[identifier],
      signature: SIGNATURES[identifier],
      isArchived: false,
    },
    relationships: { workspaces: { data: [] } },
  };
}
const VERSIONS = Object.keys(SIGNATURES).map((identifier, index) => version(identifier, index + 1));
const list = (data: unknown[]) => ({ data, meta: { pagination: { page: 1, pages: 1, count: data.length } } });

function workflow(overrides: Partial<WorkflowAttributes> = {}, graph: WorkflowGraph = PIPELINE) {
  return {
    type: 'workflows',
    id: '5',
    attributes: {
      identifier: 'scene-pipeline',
      label: 'Scene pipeline',
      slug: 'scene-pipeline',
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
      workspaces: {},
      permissions: { change: true, delete: true, share: true },
      shortDescription: '',
      description: '',
      isPublished: false,
      version: 1,
      dagType: 'standard',
      graph,
      ...overrides,
    },
    relationships: { workspaces: { data: [] } },
  };
}

function renderEditor(options: { workflow?: ReturnType<typeof workflow>; patch?: (request: FakeRequest) => { status?: number; body?: unknown } } = {}) {
  let stored = options.workflow ?? workflow();
  const { calls } = fakeFetch((request) => {
    if (request.path === '/knowledge/v1/workflows/5') {
      if (request.method !== 'PATCH') return { body: { data: stored } };
      const answer = options.patch?.(request);
      if (!answer?.status) stored = (answer?.body as { data: typeof stored }).data;
      return answer;
    }
    if (request.path === '/knowledge/v1/process-versions') {
      const identifier = request.query.get('filter[identifier]');
      return { body: list(identifier ? VERSIONS.filter((row) => row.attributes.identifier === identifier) : VERSIONS) };
    }
    if (request.path === '/knowledge/v1/data-types') return { body: list([]) };
    return undefined;
  });
  renderWithProviders(<WorkflowEditor workflowId="5" height={600} />);
  return calls;
}

describe('WorkflowEditor', () => {
  it('draws the nodes with their ports and offers the palette', async () => {
    const calls = renderEditor();
    expect(await screen.findByLabelText('ndvi input red (geotiff)')).toBeInTheDocument();
    expect(screen.getByLabelText('ndvi output ndvi (geotiff)')).toBeInTheDocument();
    expect(screen.getByLabelText('export output url (url)')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add NDVI version 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add dynamic list splitter' })).toBeInTheDocument();
    expect(screen.getByText('Version 1')).toBeInTheDocument();
    const palette = calls.find((call) => call.path === '/knowledge/v1/process-versions' && !call.query.has('filter[identifier]'));
    expect(Object.fromEntries(palette!.query)).toEqual({ 'filter[released]': 'true', 'filter[isArchived]': 'false', 'page[size]': '50' });
  });

  it('adds a node from the palette, then saves the graph as a new version', async () => {
    const user = userEvent.setup();
    const calls = renderEditor({
      patch: (request) => ({
        body: { data: workflow({ version: 2 }, (request.body as { data: { attributes: { graph: WorkflowGraph } } }).data.attributes.graph) },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add NDVI version 1' }));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    expect(await screen.findByLabelText('ndvi-2 input threshold (float)')).toBeInTheDocument();
    // the new node is selected: its settings are open
    expect(within(screen.getByRole('region', { name: 'Node settings' })).getByText('ndvi-2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    const body = calls.find((call) => call.method === 'PATCH')!.body as { data: { attributes: { graph: WorkflowGraph } } };
    expect(body.data.attributes.graph.nodes.map((node) => node.id)).toEqual(['load-scene', 'ndvi', 'export', 'ndvi-2']);
    expect(body.data.attributes.graph.edges).toEqual(PIPELINE.edges);
    expect(await screen.findByText('Version 2')).toBeInTheDocument();

    // undo takes the node away again
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.queryByLabelText('ndvi-2 input threshold (float)')).not.toBeInTheDocument();
  });

  it("shows the server's problems when it refuses the graph and keeps the edits", async () => {
    const user = userEvent.setup();
    renderEditor({
      patch: () => ({
        status: 400,
        body: { errors: [{ status: '400', detail: 'The workflow has a cycle: a → b → a.', source: { pointer: '/data/attributes/graph/edges' } }] },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Export version 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByRole('list', { name: 'The workflow was not saved' });
    expect(problems).toHaveTextContent('The workflow has a cycle: a → b → a.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByLabelText('export-2 input image (geotiff)')).toBeInTheDocument();
  });

  it('shows problems found before saving', async () => {
    const graph: WorkflowGraph = {
      ...PIPELINE,
      nodes: PIPELINE.nodes.map((node) => (node.id === 'export' ? { ...node, inputs: { image: { userEditable: false } } } : node)),
    };
    renderEditor({ workflow: workflow({}, graph) });
    const problems = await screen.findByRole('list', { name: 'Problems to fix before saving' });
    expect(problems).toHaveTextContent('Input export.image has no connection, no default value and is not editable by the user');
  });

  it('is read-only for an archived workflow', async () => {
    renderEditor({ workflow: workflow({ isArchived: true }) });
    expect(await screen.findByText(ARCHIVED_EDITOR_TEXT)).toBeInTheDocument();
    expect(await screen.findByLabelText('ndvi input red (geotiff)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Node palette' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('exports the graph as a workflow document and imports one in its place', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(click.mock.contexts[0]).toHaveProperty('download', 'scene-pipeline.workflow.yaml');
    expect(parseWorkflowDocument(await blobs[0]!.text()).graph).toEqual(PIPELINE);

    const onlyExport: WorkflowGraph = { nodes: PIPELINE.nodes.slice(2), edges: [] };
    const text = workflowDocumentText({ label: 'Other', graph: onlyExport });
    await user.upload(screen.getByLabelText('Import file'), new File([text], 'other.workflow.yaml', { type: 'application/yaml' }));
    await waitFor(() => expect(screen.queryByLabelText('ndvi input red (geotiff)')).not.toBeInTheDocument());
    expect(screen.getByLabelText('export input image (geotiff)')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByLabelText('ndvi input red (geotiff)')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Import file'), new File(['kind: other'], 'bad.yaml', { type: 'application/yaml' }));
    expect(await screen.findByText(/The file is not an exported workflow/)).toBeInTheDocument();
    click.mockRestore();
  });

  it('tells when the workflow cannot be fetched', async () => {
    fakeFetch(() => ({ status: 404, body: { errors: [{ status: '404', detail: 'Not found.' }] } }));
    renderWithProviders(<WorkflowEditor workflowId="9" />);
    expect(await screen.findByText('Workflow not found')).toBeInTheDocument();
  });
});
