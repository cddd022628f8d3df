import { ALL_THEME_FEATURES } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderSeeds } from './helpers/builder.js';
import { SCAN_GRAPH, SCAN_INPUTS, schedulesApi, seedScanProcess } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const FUTURE = '2091-06-01T06:00:00.000Z';

/**
 * Theme and feature rules hold on the server as on the page (docs/configuration.md): spec 1
 * §4 'external-trigger and on-new-data only when the theme equals eopen', and a feature the
 * page hides when it is off is refused when it is off.
 */
describe('theme rules on the server', () => {
  let app: TestApp;
  let flow = '';

  beforeAll(async () => {
    app = await createTestApp({ theme: 'eopen', engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    await seedScanProcess(app);
    flow = await builderSeeds(app).workflow('scan-flow', [SCAN_GRAPH], { label: 'Scan flow' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('offers external-trigger and on-new-data with the eopen theme only; a schedule that has one keeps it', async () => {
    const onCall = await schedulesApi(app).created({ processor_id: flow, title: 'On call', strategy: 'external-trigger', inputs: SCAN_INPUTS });

    // the operator starts the same instance again with the asb theme
    app.ctx.config.theme = 'asb';
    app = await app.restart();
    const api = schedulesApi(app);
    for (const strategy of ['external-trigger', 'on-new-data'] as const) {
      const refused = await api.create({
        processor_id: flow,
        title: 'Refused',
        strategy,
        data_url: 'https://stac.example/collections/s2',
        inputs: SCAN_INPUTS,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      const label = strategy === 'external-trigger' ? 'External trigger' : 'On new data';
      expect(refused.json()).toEqual({
        detail: `${label} is offered only with the eopen theme; this instance's theme is asb.`,
        errors: [
          {
            status: '400',
            title: 'Invalid attribute',
            detail: `${label} is offered only with the eopen theme; this instance's theme is asb.`,
            source: { pointer: '/data/attributes/strategy' },
          },
        ],
      });
    }
    expect(await api.list('filter[search]=Refused')).toEqual([]);
    expect(await api.refused({ strategy: 'on-new-data', data_url: 'https://stac.example/collections/s2' }, app.adminHeader, 'PATCH', onCall.id)).toEqual({
      '/data/attributes/strategy': "On new data is offered only with the eopen theme; this instance's theme is asb.",
    });

    // its own strategy stays: renamed, it still runs on a trigger
    expect((await api.patched(onCall.id, { title: 'Still on call' })).attributes).toMatchObject({ title: 'Still on call', strategy: 'external-trigger' });
    await api.created({ processor_id: flow, title: 'Once', strategy: 'single-execution', start_time: FUTURE, inputs: SCAN_INPUTS });
  });

  it('refuses scheduling and publishing while their features are off, and keeps reading, archiving and unpublishing', async () => {
    const api = schedulesApi(app);
    const once = await api.created({ processor_id: flow, title: 'Before', strategy: 'single-execution', start_time: FUTURE, inputs: SCAN_INPUTS });
    const publish = () =>
      app.server.inject({
        method: 'PATCH',
        url: `/knowledge/v1/workflows/${flow}/publish`,
        headers: app.adminHeader,
        payload: { data: { type: 'workflows', id: flow, attributes: { description: 'Scans' } } },
      });
    expect((await publish()).statusCode).toBe(200);

    app.ctx.config.themeFeatures = ALL_THEME_FEATURES.filter((feature) => feature !== 'navbar-schedules' && feature !== 'workflow-publishing');
    app = await app.restart();
    const off = schedulesApi(app);
    const created = await off.create({ processor_id: flow, title: 'After', strategy: 'single-execution', start_time: FUTURE, inputs: SCAN_INPUTS });
    expect(created.statusCode).toBe(403);
    expect(created.json<{ detail: string }>().detail).toBe('Scheduling is switched off on this instance (theme feature navbar-schedules).');
    expect((await off.patch(once.id, { title: 'Changed' })).statusCode).toBe(403);
    expect((await off.fetched(once.id)).attributes.title).toBe('Before');
    expect((await off.archive(once.id)).statusCode).toBe(200);

    const refused = await publish();
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'Publishing to the Marketplace is switched off on this instance (theme feature workflow-publishing).',
    );
    const unpublished = await app.server.inject({ method: 'PATCH', url: `/knowledge/v1/workflows/${flow}/unpublish`, headers: app.adminHeader });
    expect(unpublished.statusCode).toBe(200);
  });
});
