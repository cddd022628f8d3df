import type { ProcessImageAttributes } from '@asb/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ResourceCard } from './ResourceCard';

function image(overrides: Partial<ProcessImageAttributes> = {}): ProcessImageAttributes {
  return {
    identifier: 'ndvi:1',
    label: 'ndvi 1',
    slug: null,
    ownerId: 'alice',
    isArchived: false,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    workspaces: {},
    permissions: { change: false, delete: false, share: false },
    processIdentifier: 'ndvi',
    processVersion: '1',
    allocatedCpus: 4,
    allocatedMem: 7168,
    allocatedDisk: 10240,
    allocatedGpus: 0,
    ...overrides,
  };
}

/** The value next to a label of the card's list. */
function valueOf(label: string): string | null | undefined {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('ResourceCard', () => {
  it('shows CPUs, RAM and disk in MB, and No GPU when none is allocated', () => {
    renderWithProviders(<ResourceCard image={image()} />);
    expect(valueOf('CPUs')).toBe('4');
    expect(valueOf('RAM')).toBe('7168 MB');
    expect(valueOf('Disk')).toBe('10240 MB');
    expect(valueOf('GPUs')).toBe('No GPU');
  });

  it('shows the number of GPUs when there are some', () => {
    renderWithProviders(<ResourceCard image={image({ allocatedGpus: 2 })} />);
    expect(valueOf('GPUs')).toBe('2');
  });

  it('says so when no resources are recorded', () => {
    renderWithProviders(<ResourceCard image={null} />);
    expect(screen.getByText('No resources are allocated to this version.')).toBeInTheDocument();
  });
});
