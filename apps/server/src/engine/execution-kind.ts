/** What an execution runs: a workflow (spec 1), a CWL application or a model of the catalogue (spec 3). */
export type ExecutionKind = 'workflow' | 'application' | 'model';

/**
 * What an application execution records of what it ran (executions.application; docs/applications.md
 * "Running applications"): the application as it was when the execution was created.
 */
export interface ExecutionApplication {
  /** the catalogue collection it was run from */
  collection: string;
  /** the CWL process identifier */
  identifier: string;
  /** s:softwareVersion ('' when none) */
  version: string;
  title: string;
  /** 'local' (Default: cwltool here) or the identifier of a registered ADES */
  target: string;
  /** the CWL process run (a Workflow's id in a $graph, or the single tool's) */
  processId: string;
  /** on an ADES: the remote job's URL once known */
  remoteJob?: string | null;
  /**
   * The CWL job order the task runs with (typed values: numbers, booleans, arrays, records;
   * File/Directory values as `{class, location}`). An EO-product input keeps the product's URL
   * as a string here and is named in `staged` (docs/applications.md "EO-product inputs").
   */
  jobOrder: Record<string, unknown>;
  /** File/Directory inputs whose value names a product: staged before the run, given as the staged item.json (File) or its folder (Directory) */
  staged: Record<string, 'File' | 'Directory'>;
  /** the declared outputs' types ('File', 'Directory', 'string', 'File[]', ...), for the results' data types */
  outputTypes: Record<string, string>;
}

/** An input of a model execution as its task takes it (docs/models.md "Model executions"). */
export interface ExecutionModelInput {
  name: string;
  label: string;
  /** spec 3 §5: an image or file (a GeoTIFF or PNG becomes the tensor), or numbers */
  kind: 'image' | 'numbers';
  /** the signature's tensor shape (-1: any) */
  shape: number[];
  /** an image input: the file as uploaded (its name), and what it is */
  fileName?: string;
  fileType?: 'geotiff' | 'png';
  /** a numbers input: how many numbers were given */
  count?: number;
}

/** An output of a model as the item declares it, with the classes of a class map (`classification:classes`) for its legend. */
export interface ExecutionModelOutput {
  name: string;
  label: string;
  classes?: { value: number; name: string; color?: string }[];
}

/**
 * What a model execution records of what it ran (executions.model; docs/models.md "Model
 * executions"): the catalogue item as it was when the execution was created. Its ONNX file and
 * inputs are pinned in the execution's folder (`.package/`).
 */
export interface ExecutionModel {
  /** the catalogue collection of the item */
  collection: string;
  /** the model item's id */
  identifier: string;
  /** its version ('' when none) */
  version: string;
  title: string;
  /** its licence (an SPDX identifier or a URL), when it has one */
  license?: string;
  inputs: ExecutionModelInput[];
  outputs: ExecutionModelOutput[];
}
