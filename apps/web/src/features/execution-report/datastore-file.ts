import { isExecutionFileUrl } from '@asb/contracts';

/** An output value that is a file of the execution's datastore: the engine records files as their URL (contracts execution-files.ts). */
export const isDatastoreFile = isExecutionFileUrl;

/** The file name of a datastore URL, as a download saves it. */
export const datastoreFileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? 'output');
