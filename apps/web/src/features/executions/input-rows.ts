import { executionInputRows, type ExecutionInputGroup } from '@asb/contracts';
import type { TaskExecutionAttributes } from './api/tasks';
import { inputText } from './task-execution-view';

/** One input as the lists and the reports show it, whatever the kind of execution. */
export interface InputRow {
  key: string;
  label: string;
  value: string;
  /** masked by the display rules: shown as it is, never as code */
  isEncrypted: boolean;
  /** the label is an identifier (an application's or model's input), shown as code */
  isIdentifier: boolean;
  /** the workflow input's data type: a product input shows its product in the report */
  dataType?: string;
}

/** A workflow execution's user-visible inputs (the report's rules: secrets masked). */
export const workflowInputRows = (inputs: ExecutionInputGroup[]): InputRow[] =>
  executionInputRows(inputs).map((row) => ({
    key: `${row.nodeId}.${row.identifier}`,
    label: row.label,
    value: row.value,
    isEncrypted: row.encrypted,
    isIdentifier: false,
    dataType: row.dataType,
  }));

/** An application's or model's inputs as identifier = value (an EO product as 'collection / item'). */
export const taskInputRows = (inputs: TaskExecutionAttributes['inputs']): InputRow[] =>
  inputs.map((input) => ({ key: input.identifier, label: input.identifier, value: inputText(input.value), isEncrypted: false, isIdentifier: true }));
