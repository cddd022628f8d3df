import os from 'node:os';

// Linux gives each thread its own nice value (setpriority(2), "Bugs"): this lowers the document
// thread alone, so a long parse yields the cores to the event loop rather than sharing them.
try {
  os.setPriority(10);
} catch {
  // a system that refuses it parses at the normal priority
}

// The document worker's tasks (document-pool.ts runs them by name): each takes and answers plain data.
export { parseYaml } from './parse-yaml.js';
