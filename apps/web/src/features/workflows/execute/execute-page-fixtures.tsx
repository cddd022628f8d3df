import type { WorkflowInputGroup } from '@asb/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fakeFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render-with-providers';
import { testProcessor } from '../../executions/execute/test-inputs';
import { ExecuteWorkflowPage } from './ExecuteWorkflowPage';

interface ExecutePageOptions {
  groups: WorkflowInputGroup[];
  allowed?: boolean | 'fails';
  processorStatus?: number;
  /** answers the calls the execute page's own do not (the catalogue's, for a product input) */
  other?: Parameters<typeof fakeFetch>[0];
}

/**
 * /workflows/5/execute of workflow 5 with these input groups, against a server that accepts the
 * execution (31) and starts it; Execute leads to the executions list. The calls it received.
 */
export function renderExecutePage({ groups, allowed = true, processorStatus = 200, other }: ExecutePageOptions): FakeRequest[] {
  const { calls } = fakeFetch((request: FakeRequest) => {
    if (request.path === '/knowledge/v1/processors/5')
      return processorStatus === 200 ? { body: { data: testProcessor(groups) } } : { status: processorStatus, body: { detail: 'Not found.' } };
    if (request.path === '/builder/v1/executions/execution_allowed') return allowed === 'fails' ? { status: 500, body: {} } : { body: { data: { allowed } } };
    if (request.path === '/builder/v1/executions' && request.method === 'POST')
      return { status: 201, body: { data: { type: 'executions', id: '31', attributes: { identifier: 'wf-ndvi-20240101', status: 'created' } } } };
    if (request.path === '/builder/v1/executions/31/execute')
      return { body: { data: { type: 'executions', id: '31', attributes: { identifier: 'wf-ndvi-20240101', status: 'pending' } } } };
    if (request.path === '/builder/v1/executions/31/product-order') return { body: { data: { executionId: '31', status: 'nothing-to-order', products: [] } } };
    return other?.(request);
  });
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id/execute" element={<ExecuteWorkflowPage />} />
      <Route path="/monitoring" element={<h1>Executions list</h1>} />
    </Routes>,
    { path: '/workflows/5/execute' },
  );
  return calls;
}

export const executeButton = () => screen.getByRole('button', { name: 'Execute' });
