import type { Application, ApplicationInput, ApplicationOutput } from '@asb/contracts';
import type { ApplicationStore, RunnableApplication } from '../../src/modules/applications/application-store.js';

/** The demo water-bodies application as the store describes it (modules/demo/applications/water-bodies-demo.cwl). */
export function describedApplication(
  collection: string,
  identifier: string,
  ownerId: string,
  parts: { inputs: ApplicationInput[]; outputs: ApplicationOutput[]; license?: string; title?: string },
): Application {
  return {
    identifier,
    collection,
    title: parts.title ?? identifier,
    abstract: '',
    keywords: [],
    label: parts.title ?? identifier,
    doc: '',
    softwareVersion: '1.0.0',
    dateCreated: '2025-01-15',
    releaseNotes: '',
    license: parts.license ?? '',
    logo: '',
    author: [],
    inputs: parts.inputs,
    outputs: parts.outputs,
    processClass: 'Workflow',
    cwlVersion: 'v1.2',
    hints: [],
    original_cwl: null,
    ownerId,
    publication: 'private',
    permissions: { edit: false, delete: false, publish: false, execute: true },
    createdAt: '2025-01-15T00:00:00.000Z',
    updatedAt: '2025-01-15T00:00:00.000Z',
  };
}

export const WATER_BODIES_INPUTS: ApplicationInput[] = [
  { id: 'item', label: 'Demo scene', doc: 'A scene', default: null, type: { type: 'Directory' }, optional: false, typeLabel: 'Directory' },
  { id: 'threshold', label: 'NDWI threshold', doc: 'water above', default: 0, type: { type: 'float' }, optional: false, typeLabel: 'float' },
];
export const WATER_BODIES_OUTPUTS: ApplicationOutput[] = [
  { id: 'water_mask', label: 'Water mask', doc: '', type: { type: 'File' }, typeLabel: 'File' },
  { id: 'preview', label: 'Preview', doc: '', type: { type: 'File' }, typeLabel: 'File' },
  { id: 'stac_catalog', label: 'STAC catalog', doc: '', type: { type: 'Directory' }, typeLabel: 'Directory' },
];

/**
 * An ApplicationStore holding given applications, readable by everyone (runnable) — a stand-in
 * for the catalogue's store (helper apps-store) in the tests of application executions.
 */
export class FakeApplicationStore implements ApplicationStore {
  private readonly held = new Map<string, RunnableApplication>();

  add(application: RunnableApplication): void {
    this.held.set(`${application.collection}\n${application.identifier}`, application);
  }

  async runnable(_principal: unknown, collection: string, identifier: string): Promise<RunnableApplication | undefined> {
    return this.held.get(`${collection}\n${identifier}`);
  }

  async listRunnable(): Promise<never[]> {
    return [];
  }

  register(): never {
    throw new Error('not in the fake store');
  }

  remove(): never {
    throw new Error('not in the fake store');
  }

  async ensureOwnCollection(principal: { username: string }, slug: string): Promise<string> {
    return `${principal.username}:${slug}`;
  }
}
