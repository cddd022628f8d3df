/** An output value that is a file of the execution's datastore: the engine records files as their datastore URL. */
export const isDatastoreFile = (value: string) => /^\/builder\/v1\/executions\/[^/]+\/files\//.test(value);

/** The file name of a datastore URL, as a download saves it. */
export const datastoreFileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? 'output');
