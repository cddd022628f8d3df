import { vi } from 'vitest';
import type { InstanceDetails } from '@asb/contracts';
import type { AuthState } from '../app/auth/auth-context';

export function testInstance(overrides: Partial<InstanceDetails> = {}): InstanceDetails {
  return {
    name: 'ASB test',
    asb_version: '1.2.3',
    theme: 'asb',
    theme_features: ['homepage-asb', 'navbar-workflows'],
    oidcProviderName: null,
    external_datastore_url: null,
    links: { workspace_controller: null, notebook: null, model_tracking: null, video_guides: null, project_deliverables: null },
    basemap_url: null,
    user_s3_buckets_enabled: false,
    build_timestamp: '2024-05-06T07:08:09Z',
    base_build_timestamp: '2024-05-01T00:00:00Z',
    ...overrides,
  };
}

/** An anonymous session with spy actions; override what a test needs. */
export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    status: 'anonymous',
    user: null,
    instance: testInstance(),
    datastoreChanged: true,
    isStaff: false,
    isSuperuser: false,
    isDeveloper: false,
    hasFeature: () => false,
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(),
    refreshUser: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}
