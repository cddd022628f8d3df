import fs from 'node:fs';
import path from 'node:path';

/**
 * The documents others wrote that the tests read in place (STAC examples and schemas, CWL
 * application packages, the Open Inference Protocol): `../shared/testdata` beside the
 * repository, wherever it is cloned; `ASB_TESTDATA` names another folder.
 */
function testdataRoot(): string {
  const repository = path.resolve(import.meta.dirname, '../../../..');
  const candidates = [process.env.ASB_TESTDATA, path.resolve(repository, '../shared/testdata'), '/work/shared/testdata'];
  const found = candidates.find((folder) => folder !== undefined && fs.existsSync(folder));
  if (!found) throw new Error(`The shared test documents are not at ${candidates.filter(Boolean).join(' or ')}: set ASB_TESTDATA to their folder.`);
  return found;
}

/** A file or folder of the shared test documents. */
export function testdata(...parts: string[]): string {
  return path.join(testdataRoot(), ...parts);
}
