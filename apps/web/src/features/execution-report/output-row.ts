import { isExecutionFileUrl } from '@asb/contracts';

/** One row of the outputs table, whatever the kind of execution. */
export interface OutputRow {
  /** the row's data-output: 'task.key' of a workflow, the output's id of an application or model */
  id: string;
  /** a workflow's task (its own column) */
  taskId?: string;
  key: string;
  type: string;
  /** what shows when the value is no file to open */
  value: string;
  /** a file the browser can open: one of the execution's files, or an http link */
  href?: string;
  /** the link's text */
  name?: string;
  /** a directory is named, not opened */
  isDirectory: boolean;
  /** a GeoTIFF of the execution's datastore: Preview on a map */
  canPreviewOnMap: boolean;
  /** the map preview's title */
  title: string;
}

/** The headers of the outputs table: spec 1 §2 names them task_id, key, type, value, actions. */
export interface OutputHeaders {
  taskId?: string;
  key: string;
  type: string;
  value: string;
  actions?: string;
}

export const isOwnFile = (href: string | undefined): href is string => href !== undefined && isExecutionFileUrl(href);

/** Spec 3 §2: outputs ending in .png are previewed. */
export const isPng = (value: string) => /\.png$/i.test(value.replace(/[?#].*$/s, ''));
export const isGeoTiff = (value: string) => /\.tiff?$/i.test(value.replace(/[?#].*$/s, ''));

/** The file name of a link, as a download saves it. */
export const fileName = (href: string) =>
  decodeURIComponent(
    href
      .replace(/[?#].*$/s, '')
      .split('/')
      .pop() || 'output',
  );
