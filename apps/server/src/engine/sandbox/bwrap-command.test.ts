import { describe, expect, it } from 'vitest';
import { bwrapArgs, type BwrapPlan } from './bwrap-command.js';
import { executionFiles, renameInputs } from './task-files-inputs.js';

const plan = (overrides: Partial<BwrapPlan> = {}): BwrapPlan => ({
  tools: { bwrap: '/usr/bin/bwrap', setpriv: '/usr/bin/setpriv' },
  host: { symlinks: [['/bin', 'usr/bin']], folders: ['/usr'], etc: ['/etc/ld.so.cache'], networkEtc: ['/etc/resolv.conf'], extra: [] },
  network: false,
  mounts: {
    runner: '/srv/asb_runner.py',
    wrapperDir: '/data/runtime/abc',
    outDir: '/data/datastore/u/executions/e/a',
    scratchDir: '/data/datastore/u/executions/e/.work/a.1',
    inputs: [['/data/datastore/u/executions/e/b/x.tif', '/task/inputs/0/x.tif']],
  },
  env: { PATH: '/usr/bin', ASB_DISK_MB: '10', UNSET: undefined },
  command: ['/usr/bin/python3', '/task/runner/asb_runner.py'],
  ...overrides,
});

const pairs = (args: string[], flag: string) => args.flatMap((arg, index) => (arg === flag ? [`${args[index + 1]} ${args[index + 2]}`] : []));

describe('bwrapArgs', () => {
  it('shows the system read-only, only the attempt folders writable, and no network', () => {
    const args = bwrapArgs(plan());
    expect(args).toContain('--unshare-net');
    expect(args).toContain('--die-with-parent');
    expect(args).toContain('--clearenv');
    expect(pairs(args, '--ro-bind')).toEqual(['/usr /usr', '/srv/asb_runner.py /task/runner/asb_runner.py', '/data/runtime/abc /task/wrapper']);
    expect(pairs(args, '--bind')).toEqual([
      '/data/datastore/u/executions/e/.work/a.1/tmp /tmp',
      '/data/datastore/u/executions/e/a /task/out',
      '/data/datastore/u/executions/e/.work/a.1 /task/scratch',
    ]);
    expect(pairs(args, '--ro-bind-try')).toEqual(['/etc/ld.so.cache /etc/ld.so.cache', '/data/datastore/u/executions/e/b/x.tif /task/inputs/0/x.tif']);
    // a clean environment: only what the plan gives (the runner takes its limits from it)
    expect(pairs(args, '--setenv')).toEqual(['PATH /usr/bin', 'ASB_DISK_MB 10']);
    expect(args.slice(-3)).toEqual(['--', '/usr/bin/python3', '/task/runner/asb_runner.py']);
  });

  it('keeps the network, and what name resolution needs, when the task may have it', () => {
    const args = bwrapArgs(plan({ network: true }));
    expect(args).not.toContain('--unshare-net');
    expect(pairs(args, '--ro-bind-try')).toContain('/etc/resolv.conf /etc/resolv.conf');
  });

  it("shows the egress-only network's resolv.conf (slirp4netns's DNS) in place of the host's", () => {
    const args = bwrapArgs(plan({ network: true, resolvConfFd: 6 }));
    expect(pairs(args, '--ro-bind-data')).toEqual(['6 /etc/resolv.conf']);
    expect(pairs(args, '--ro-bind-try')).not.toContain('/etc/resolv.conf /etc/resolv.conf');
  });

  it("mounts a runtime's folders under the host's /tmp inside the task's /tmp, not hidden by it", () => {
    const plan0 = plan();
    const args = bwrapArgs({ ...plan0, mounts: { ...plan0.mounts, readOnly: ['/tmp/clone/apps/server/runtime', '/tmp/clone/node_modules'] } });
    const tmp = args.indexOf('/tmp');
    expect(args[tmp - 2]).toBe('--bind');
    expect(args.indexOf('/tmp/clone/node_modules')).toBeGreaterThan(tmp);
    // the task's /tmp itself is its own folder: not made again (nor its mode changed)
    expect(args.filter((arg, index) => arg === '/tmp' && args[index - 1] === '--dir')).toEqual([]);
  });

  it('as root: builds the sandbox, drops to the task user, then adds the user namespace', () => {
    const args = bwrapArgs(plan({ dropTo: { uid: 1234, gid: 4321 } }));
    const setpriv = args.indexOf('/usr/bin/setpriv');
    expect(args.slice(setpriv, setpriv + 5)).toEqual(['/usr/bin/setpriv', '--reuid=1234', '--regid=4321', '--clear-groups', '--']);
    expect(args.indexOf('--unshare-user')).toBeGreaterThan(setpriv);
    expect(args.indexOf('--unshare-net')).toBeLessThan(setpriv);
  });
});

describe('executionFiles', () => {
  const dir = '/data/datastore/alice/executions/e1';
  it('shows a task only the files of its own execution', () => {
    const inputs = { a: `${dir}/up/x.tif`, b: [`${dir}/up/y.tif`, 'text'], c: '/data/datastore/bob/executions/e2/a/secret.txt', d: `${dir}/../e2/z.tif`, e: 3 };
    expect(executionFiles(inputs, dir)).toEqual([`${dir}/up/x.tif`, `${dir}/up/y.tif`]);
    expect(renameInputs(inputs, new Map([[`${dir}/up/y.tif`, '/task/inputs/1/y.tif']]))).toMatchObject({ b: ['/task/inputs/1/y.tif', 'text'], c: inputs.c });
  });

  it("shows a staged product's files, inside its object, under their sandbox names", () => {
    const staged = `${dir}/.inputs/ndvi.1/product`;
    const product = {
      id: 'scene',
      bbox: [4, 51, 5, 52],
      url: '/resource-catalogue/csw?recordids=scene',
      item: `${staged}/item.json`,
      assets: { red: `${staged}/red.tif`, leak: '/data/datastore/bob/executions/e2/a/secret.txt' },
    };
    expect(executionFiles({ product }, dir)).toEqual([`${staged}/item.json`, `${staged}/red.tif`]);
    const renamed = renameInputs(
      { product },
      new Map([
        [`${staged}/item.json`, '/task/inputs/0/item.json'],
        [`${staged}/red.tif`, '/task/inputs/1/red.tif'],
      ]),
    );
    expect(renamed.product).toEqual({ ...product, item: '/task/inputs/0/item.json', assets: { red: '/task/inputs/1/red.tif', leak: product.assets.leak } });
  });
});
