import type { BucketProperties, FileTreeNode } from '@asb/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../../test/fake-fetch';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { FilesTab } from './FilesTab';

afterEach(() => vi.unstubAllGlobals());

const FILES = '/procimp/process/buckets/3/files';
const PROPERTIES = '/procimp/process/buckets/3/properties';

function properties(detected: boolean): BucketProperties {
  return {
    identification: { mission: 'team', name: 'NDVI', version: '1', identifier: 'ndvi' },
    wrapper: { detected, signature: null, error: null },
    resources: { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 },
  };
}

function serve(files: FileTreeNode[] | { status: number }, detected = false) {
  return fakeFetch((request) => {
    if (request.path === FILES && request.method === 'GET') return 'status' in files ? { status: files.status, body: { detail: 'boom' } } : { body: files };
    if (request.path === FILES && request.method === 'DELETE') return { body: { files: [] } };
    if (request.path === PROPERTIES) return { body: properties(detected) };
    return undefined;
  });
}

describe('FilesTab', () => {
  it("says 'Fetching files...' and then 'No files found'", async () => {
    serve([]);
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    expect(screen.getByText('Fetching files...')).toBeInTheDocument();
    expect(await screen.findByText('No files found')).toBeInTheDocument();
    expect(screen.getByText('Folders bundled in tar archives are decompressed during the build.')).toBeInTheDocument();
  });

  it("says 'Something went wrong while fetching files' when the importer fails", async () => {
    serve({ status: 500 });
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    expect(await screen.findByText('Something went wrong while fetching files')).toBeInTheDocument();
  });

  it("shows the tree and 'Wrapper detected'", async () => {
    serve(
      [
        { id: 'process_wrapper.py', parent: '#', text: 'process_wrapper.py', type: 'file', size: 900 },
        { id: 'lib', parent: '#', text: 'lib', type: 'folder' },
        { id: 'lib/util.py', parent: 'lib', text: 'util.py', type: 'file', size: 10 },
      ],
      true,
    );
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    const tree = await screen.findByRole('tree', { name: 'Bucket files' });
    expect(within(tree).getByText('util.py')).toBeInTheDocument();
    expect(within(tree).getByText('process_wrapper.py')).toBeInTheDocument();
    expect(await screen.findByText('Wrapper detected')).toBeInTheDocument();
  });

  it('deletes a file after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = serve([{ id: 'lib/util.py', parent: '#', text: 'util.py', type: 'file' }]);
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    await user.click(await screen.findByRole('button', { name: 'Delete lib/util.py' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ files: ['lib/util.py'] }));
  });

  it('refuses a file above 20 MB without sending it', async () => {
    const user = userEvent.setup();
    serve([]);
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    const big = new File(['x'], 'big.tif');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Upload your process files'), big);
    expect(await screen.findByText('File big.tif is larger than the 20 MB limit.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('uploads the files a user drops on the zone or chooses through it', async () => {
    const user = userEvent.setup();
    serve([]);
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    renderWithProviders(<FilesTab bucketId="3" canModify />);
    expect(screen.getByText('Drop files here or click to choose them. At most 20 MB per file')).toBeInTheDocument();
    // (dropped first: jsdom never tells the zone that the file dialog of the choice below closed)
    const dropped = new File(['x'], 'dropped.tif');
    const dataTransfer = { files: [dropped], items: [{ kind: 'file', type: '', getAsFile: () => dropped }], types: ['Files'] };
    fireEvent.drop(screen.getByText('Upload your process files'), { dataTransfer });
    expect(await screen.findByText('dropped.tif')).toBeInTheDocument();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await user.upload(screen.getByLabelText('Upload your process files'), new File(['print(1)'], 'chosen.py'));
    expect(await screen.findByText('chosen.py')).toBeInTheDocument();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('offers no upload and no delete when read-only', async () => {
    serve([{ id: 'a.py', parent: '#', text: 'a.py', type: 'file' }]);
    renderWithProviders(<FilesTab bucketId="3" canModify={false} />);
    expect(await screen.findByText('a.py')).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload your process files')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete a.py' })).not.toBeInTheDocument();
  });
});
