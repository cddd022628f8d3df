import { describe, expect, it } from 'vitest';
import { ALL_THEME_FEATURES } from '@asb/contracts';
import { buildNavEntries, type NavContext } from './build-nav-entries';
import type { NavEntry } from './nav-entries';

function labels(entries: NavEntry[]): string[] {
  return entries.map((entry) => (entry.kind === 'menu' ? `${entry.label}[${entry.items.map((item) => item.label).join(',')}]` : entry.label));
}

function context(overrides: Partial<NavContext> & { features?: readonly string[] } = {}): NavContext {
  const features = new Set(overrides.features ?? ALL_THEME_FEATURES);
  return { isSignedIn: true, isDeveloper: false, hasFeature: (feature) => features.has(feature), links: null, ...overrides };
}

const ALL_LINKS = {
  workspace_controller: 'https://workspaces.example.org/',
  notebook: 'https://notebooks.example.org/',
  model_tracking: 'https://mlflow.example.org/',
  video_guides: 'https://videos.example.org/',
  project_deliverables: 'https://project.example.org/deliverables',
};

describe('buildNavEntries', () => {
  it('shows anonymous visitors the Marketplace and Help only', () => {
    expect(labels(buildNavEntries(context({ isSignedIn: false })))).toEqual(['Marketplace', 'Help[Documentation,ADES API,About]']);
  });

  it('lists the feature entries of a signed-in user in spec order', () => {
    expect(labels(buildNavEntries(context()))).toEqual([
      'Marketplace',
      'Processes',
      'Workflows',
      'Schedules',
      'Executions',
      'Jobs',
      'Collection requests',
      'Dashboards',
      'Catalogue[Products,Catalogue Collections]',
      'Applications',
      'Models',
      'Help[Documentation,ADES API,About]',
    ]);
  });

  it('leaves out entries whose feature flag is off, and an empty Catalogue', () => {
    const entries = labels(buildNavEntries(context({ features: ['navbar-workflows', 'navbar-executions'] })));
    expect(entries).toEqual(['Marketplace', 'Workflows', 'Executions', expect.stringMatching(/^Help/)]);
  });

  it('adds the Development menu for developers with the model-executions flag only', () => {
    const withFlag = labels(buildNavEntries(context({ isDeveloper: true, links: ALL_LINKS })));
    expect(withFlag).toContain('Development[Workspace controller,Notebook environment,Model tracking server,Workspace resource catalogue]');
    const withoutFlag = labels(buildNavEntries(context({ isDeveloper: true, features: ['navbar-workflows'], links: ALL_LINKS })));
    expect(withoutFlag.some((label) => label.startsWith('Development'))).toBe(false);
  });

  it('shows only the links out whose address is configured, and the pages this portal serves itself', () => {
    const none = buildNavEntries(context({ isDeveloper: true }));
    expect(labels(none)).toEqual(expect.arrayContaining(['Development[Workspace resource catalogue]', 'Help[Documentation,ADES API,About]']));
    const development = none.find((entry) => entry.label === 'Development');
    expect(development?.kind === 'menu' && development.items.map((item) => item.href)).toEqual(['/resource-catalogue/stac/']);
    const some = buildNavEntries(context({ isDeveloper: true, links: { ...ALL_LINKS, workspace_controller: null, video_guides: null } }));
    expect(labels(some)).toEqual(
      expect.arrayContaining([
        'Development[Notebook environment,Model tracking server,Workspace resource catalogue]',
        'Help[Documentation,ADES API,Project deliverables,About]',
      ]),
    );
    const help = some.find((entry) => entry.label === 'Help');
    expect(help?.kind === 'menu' && help.items.map((item) => item.href ?? item.to)).toEqual([
      '/docs/',
      '/ogcapi/',
      'https://project.example.org/deliverables',
      '/',
    ]);
  });

  it('links entries to their routes', () => {
    const entries = buildNavEntries(context());
    const executions = entries.find((entry) => entry.label === 'Executions');
    expect(executions).toMatchObject({ kind: 'link', to: '/monitoring' });
  });
});
