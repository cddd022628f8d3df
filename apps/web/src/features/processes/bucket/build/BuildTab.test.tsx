import type { ProcessBucketAttributes, ResourceObject } from '@asb/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { PANEL_LABELS } from './BuildControls';
import { BuildTab } from './BuildTab';

/** The browser EventSource as the stream helper uses it; the test drives messages and errors. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  static get last(): FakeEventSource {
    return FakeEventSource.all.at(-1)!;
  }

  close() {
    this.isClosed = true;
  }

  send(status_text: string, content: string, status_message = '') {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ status_text, content, status_message, status_code: 0 }) })));
  }

  fail() {
    act(() => this.onerror?.());
  }
}

function bucket(overrides: Partial<ProcessBucketAttributes> = {}): ResourceObject<ProcessBucketAttributes> {
  return {
    type: 'process-buckets',
    id: '5',
    attributes: { buildStatus: 'importing', buildKind: 'dry-run', processLabel: 'NDVI', value: '1', ...overrides } as ProcessBucketAttributes,
    relationships: { workspaces: { data: [] } },
  };
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BuildTab', () => {
  it("shows 'Build not started' and the build buttons before any run", () => {
    renderWithProviders(<BuildTab bucket={bucket({ buildStatus: 'not_started', buildKind: null })} canModify transport="sse" labels={PANEL_LABELS} />);
    expect(screen.getByTestId('build-status')).toHaveTextContent('Build not started');
    expect(screen.getByRole('button', { name: 'Build' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More build options' })).toBeInTheDocument();
  });

  it('follows the status stream of the bucket and offers a rebuild after a passed dry run', () => {
    renderWithProviders(<BuildTab bucket={bucket()} canModify transport="sse" labels={PANEL_LABELS} />);
    expect(FakeEventSource.last.url).toBe('/procimp/events/process-buckets/status?stream=5');
    FakeEventSource.last.send('Importing', 'step 1\n', 'step 1');
    expect(screen.getByLabelText('Build log')).toHaveTextContent('step 1');
    FakeEventSource.last.send('Import succeeded', 'step 1\nBuild passed\n', 'Build passed');
    expect(screen.getByTestId('build-status')).toHaveTextContent('Import succeeded');
    expect(screen.getByTestId('build-message')).toHaveTextContent('Build passed');
    expect(FakeEventSource.last.isClosed).toBe(true);
    expect(screen.getByRole('button', { name: 'Rebuild' })).toBeInTheDocument();
  });

  it('retries 5 times 2 s apart, then reports the connection as lost', () => {
    vi.useFakeTimers();
    renderWithProviders(<BuildTab bucket={bucket()} canModify transport="sse" labels={PANEL_LABELS} />);
    FakeEventSource.last.send('Importing', 'step 1\n');
    for (let retry = 1; retry <= 5; retry += 1) {
      FakeEventSource.last.fail();
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(FakeEventSource.all).toHaveLength(retry + 1);
    }
    FakeEventSource.last.fail();
    expect(screen.getAllByText('Connection was lost during build').length).toBeGreaterThan(0);
    expect(screen.getByTestId('build-status')).toHaveTextContent('Unable to retrieve status');
    expect(screen.getByText('Connection lost')).toBeInTheDocument();
    expect(screen.getByLabelText('Build log')).toHaveTextContent('step 1');
  });

  it('offers no build to a read-only user', () => {
    renderWithProviders(<BuildTab bucket={bucket({ buildStatus: 'not_started', buildKind: null })} canModify={false} transport="sse" labels={PANEL_LABELS} />);
    expect(screen.queryByRole('button', { name: 'Build' })).not.toBeInTheDocument();
  });
});
