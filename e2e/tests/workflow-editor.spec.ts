import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { WorkflowEditorPage } from '../support/pages/workflow-editor-page';
import { ProcessApi } from '../support/process-api';

// process builds run python and the editor waits on several calls: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

async function createWorkflow(request: APIRequestContext, username: string, label: string): Promise<{ id: string; identifier: string }> {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  const response = await request.post('/knowledge/v1/workflows', { headers, data: { data: { type: 'workflows', attributes: { label } } } });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: string; attributes: { identifier: string } } };
  return { id: data.id, identifier: data.attributes.identifier };
}

/** `{process}:{value}` -> the node id the editor derives from the process identifier. */
function nodeIdOf(versionIdentifier: string): string {
  return versionIdentifier.split(':')[0]!;
}

test.describe('Workflow editor', () => {
  test('a developer builds a workflow from released processes, saves, exports and imports it', async ({ page, api, request }, testInfo) => {
    test.setTimeout(240_000);
    const developer = unique('dev');
    const workspace = unique('team');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });

    // three released processes: Load scene -> NDVI -> Export
    const asDeveloper = await ProcessApi.signIn(request, developer, PASSWORD);
    const suffix = unique('e2e');
    const labels = { load: `Load scene ${suffix}`, ndvi: `NDVI ${suffix}`, export: `Export ${suffix}` };
    const load = await asDeveloper.releaseProcess(labels.load, { inputs: [], outputs: [{ name: 'scene', data_type: 'geotiff' }] });
    const ndvi = await asDeveloper.releaseProcess(labels.ndvi, {
      inputs: [
        { name: 'red', data_type: 'geotiff' },
        { name: 'threshold', data_type: 'float', default: 0.3 },
      ],
      outputs: [{ name: 'ndvi', data_type: 'geotiff' }],
    });
    const exporter = await asDeveloper.releaseProcess(labels.export, {
      inputs: [{ name: 'image', data_type: 'geotiff' }],
      outputs: [{ name: 'url', data_type: 'url' }],
    });
    const ids = { load: nodeIdOf(load.identifier), ndvi: nodeIdOf(ndvi.identifier), export: nodeIdOf(exporter.identifier) };
    const workflowLabel = `Scene pipeline ${suffix}`;
    const workflow = await createWorkflow(request, developer, workflowLabel);

    await signIn(page, developer);
    const editor = new WorkflowEditorPage(page);
    await editor.open(workflow.id);
    await expect(page.getByRole('heading', { name: `${developer} / ${workflowLabel}` })).toBeVisible();
    await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
    await editor.expectGraph(0, 0);

    // three nodes from the palette, found by searching
    await editor.addProcess(labels.load);
    await editor.addProcess(labels.ndvi);
    await editor.addProcess(labels.export);
    await editor.expectGraph(3, 0);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(editor.settings.getByText(ids.export, { exact: true })).toBeVisible();
    await editor.settings.getByRole('button', { name: 'Close node settings' }).click();

    // connected by dragging between handles
    await editor.connect(editor.handle(ids.load, 'output', 'scene'), editor.handle(ids.ndvi, 'input', 'red'));
    await editor.expectGraph(3, 1);
    await editor.connect(editor.handle(ids.ndvi, 'output', 'ndvi'), editor.handle(ids.export, 'input', 'image'));
    await editor.expectGraph(3, 2);

    // a url output cannot feed a float input: refused with the reason
    await editor.connect(editor.handle(ids.export, 'output', 'url'), editor.handle(ids.ndvi, 'input', 'threshold'));
    await editor.expectNotification('Output "url" (url) cannot feed input "threshold" (float): the data types do not match.');
    await editor.expectGraph(3, 2);

    if (process.env.ASB_E2E_SHOTS_DIR) await page.screenshot({ path: path.join(process.env.ASB_E2E_SHOTS_DIR, 'editor.png') });

    await editor.save();
    await editor.expectNotification('Workflow saved as version 2');
    await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

    // the saved graph comes back after a reload
    await page.reload();
    await editor.expectGraph(3, 2);
    await expect(editor.node(ids.ndvi)).toContainText(labels.ndvi);
    await expect(editor.handle(ids.ndvi, 'input', 'threshold')).toBeVisible();

    // export as a workflow document
    const download = await editor.exportDocument();
    expect(download.suggestedFilename()).toBe(`${workflow.identifier}.workflow.yaml`);
    const documentPath = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(documentPath);
    const text = await fs.readFile(documentPath, 'utf8');
    expect(text).toContain('kind: asb/workflow');
    expect(text).toContain(`processVersion: ${ndvi.identifier}`);

    // Delete removes the selected node with its edges; undo brings it back
    await editor.node(ids.export).getByText(labels.export).click();
    await page.keyboard.press('Delete');
    await editor.expectGraph(2, 1);
    await page.keyboard.press('Control+z');
    await editor.expectGraph(3, 2);
    await editor.node(ids.ndvi).getByText(labels.ndvi).click();
    await editor.settings.getByRole('button', { name: `Delete node ${ids.ndvi}` }).click();
    await editor.expectGraph(2, 0);

    // the imported document replaces the graph; saving the same graph adds no version
    await editor.importDocument(documentPath);
    await editor.expectGraph(3, 2);
    await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
    await editor.save();
    await editor.expectNotification('No changes to save');

    // a new layout is a change: saved as the next version
    await editor.button('Auto layout').click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await editor.save();
    await editor.expectNotification('Workflow saved as version 3');
  });
});
