import type { NodeInputSettings, WorkflowNode } from '@asb/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubBrowserApis } from './browser-test-stubs';
import { updateInputSettings } from './graph-ops';
import { PASSWORD_NOTE } from './InputSettingsForm';
import { NodeSettingsPanel } from './NodeSettingsPanel';
import { PIPELINE, testPorts } from './test-graph';

beforeAll(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const DATA_TYPES = ['float', 'integer', 'latitude', 'string', 'password'].map((identifier, index) => ({
  type: 'data-types',
  id: String(index + 1),
  attributes: { identifier, label: identifier[0]!.toUpperCase() + identifier.slice(1) },
}));

function Harness({ onField, isReadOnly = false, node: initial }: { onField?: (field: string) => void; isReadOnly?: boolean; node?: WorkflowNode }) {
  const [graph, setGraph] = useState(initial ? { nodes: [initial], edges: [] } : PIPELINE);
  const node = initial ? graph.nodes[0]! : graph.nodes[1]!;
  const ports = initial ? { inputs: [{ name: 'secret', dataType: 'password' }], outputs: [] } : testPorts(graph).get('ndvi');
  return (
    <NodeSettingsPanel
      node={node}
      ports={ports}
      graph={graph}
      defaultTitle="NDVI"
      isReadOnly={isReadOnly}
      onLabel={() => undefined}
      onListType={() => undefined}
      onInputSettings={(input: string, patch: Partial<NodeInputSettings>, field: string) => {
        onField?.(field);
        setGraph((current) => updateInputSettings(current, node.id, input, patch));
      }}
      onDelete={() => undefined}
      onClose={() => undefined}
    />
  );
}

function renderPanel(props: Parameters<typeof Harness>[0] = {}) {
  fakeFetch((request) =>
    request.path === '/knowledge/v1/data-types' ? { body: { data: DATA_TYPES, meta: { pagination: { page: 1, pages: 1, count: 5 } } } } : undefined,
  );
  renderWithProviders(<Harness {...props} />);
}

describe('NodeSettingsPanel', () => {
  it('lists connected inputs apart and edits the settings of an open one', async () => {
    const user = userEvent.setup();
    const fields: string[] = [];
    renderPanel({ onField: (field) => fields.push(field) });
    expect(screen.getByText('← load-scene.scene', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings of input threshold' }));
    expect(screen.getByLabelText('Default value')).toHaveAttribute('placeholder', '0.3');
    await user.type(screen.getByLabelText('Label'), 'Cut-off');
    expect(fields).toEqual(Array(7).fill('label'));
    expect(screen.getByRole('button', { name: 'Settings of input threshold' })).toHaveTextContent('Cut-off');
    await user.click(screen.getByLabelText('User editable'));
    expect(screen.getByLabelText('User editable')).not.toBeChecked();

    // choices: one per line, kept as typed
    const choices = screen.getByLabelText('Choices', { exact: false });
    await user.type(choices, '0.1{enter}0.2{enter}');
    expect(choices).toHaveValue('0.1\n0.2\n');
    expect(fields.slice(8).every((field) => field === 'enum')).toBe(true);
  });

  it('offers only data types the declared one can be narrowed to', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Settings of input threshold' }));
    await user.click(screen.getByLabelText('Data type', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Integer (integer)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Latitude (latitude)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'String (string)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Float (float)' })).not.toBeInTheDocument();
  });

  it('notes that password inputs are encrypted, and is read-only when asked', async () => {
    const user = userEvent.setup();
    renderPanel({ isReadOnly: true, node: { id: 'login', kind: 'process', processVersion: 'login:1', position: { x: 0, y: 0 }, inputs: {} } });
    await user.click(screen.getByRole('button', { name: 'Settings of input secret' }));
    expect(screen.getByText(PASSWORD_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete node login' })).not.toBeInTheDocument();
  });
});
