import {
  groupInputErrors,
  inputWithValue,
  isEncryptedInput,
  PRODUCT_DATA_TYPES,
  type CreateExecutionPayload,
  type WorkflowInputGroup,
  type WorkflowInputItem,
} from '@asb/contracts';
import { countOf, pluralForm } from '../../../ui/plural';

/**
 * The execute form's logic (spec 1 §2 Execute form, §5 validation), kept apart from
 * the widgets: values are keyed `{node_id}/{identifier}`, the tail of the pointer the
 * server answers a refused input with.
 */
export type FormValues = Record<string, string>;

export function fieldKey(nodeId: string, identifier: string): string {
  return `${nodeId}/${identifier}`;
}

/** The groups as the form shows them: hidden items left out, groups left empty dropped. */
export function visibleGroups(groups: WorkflowInputGroup[]): WorkflowInputGroup[] {
  return groups.map((group) => ({ ...group, items: group.items.filter((item) => item.userVisible) })).filter((group) => group.items.length > 0);
}

function isFillable(item: Pick<WorkflowInputItem, 'userVisible' | 'userEditable'>): boolean {
  return item.userVisible && item.userEditable;
}

/** A fillable item's first value: the workflow's default; a switch starts off ('false'). */
function initialValue(item: WorkflowInputItem): string {
  if (item.dataType.identifier === 'boolean') return item.defaultValue === 'true' ? 'true' : 'false';
  return item.defaultValue ?? '';
}

export function initialValues(groups: WorkflowInputGroup[]): FormValues {
  const values: FormValues = {};
  for (const group of groups) for (const item of group.items) if (isFillable(item)) values[fieldKey(group.node_id, item.identifier)] = initialValue(item);
  return values;
}

/**
 * Spec 1 §5: the error text of every invalid input (hidden and read-only inputs count as
 * valid), with the constraints the process declares (minimum, maximum, pattern, less_than).
 */
export function inputErrors(groups: WorkflowInputGroup[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const group of groups) {
    const found = groupInputErrors(group, (item) => (isFillable(item) ? values[fieldKey(group.node_id, item.identifier)] : item.defaultValue));
    for (const [identifier, error] of found) errors[fieldKey(group.node_id, identifier)] = error;
  }
  return errors;
}

/** Beside the Execute button: how many inputs still need a valid value. */
export function invalidHint(count: number): string {
  return `${countOf(count, 'input')} ${pluralForm(count, 'needs', 'need')} a valid value.`;
}

/** The EO-product inputs the user fills (keys and labels): a found product can be selected as one of them. */
export function productInputs(groups: WorkflowInputGroup[]): { key: string; label: string }[] {
  const several = visibleGroups(groups).length > 1;
  return visibleGroups(groups).flatMap((group) =>
    group.items
      .filter((item) => isFillable(item) && PRODUCT_DATA_TYPES.has(item.dataType.identifier))
      .map((item) => ({ key: fieldKey(group.node_id, item.identifier), label: several ? `${item.label} (${group.label})` : item.label })),
  );
}

/** The password inputs the user fills: encrypted in the browser before submit (spec 1 §5). */
export function encryptedFields(groups: WorkflowInputGroup[]): { key: string; item: WorkflowInputItem }[] {
  return groups.flatMap((group) =>
    group.items.filter((item) => isFillable(item) && isEncryptedInput(item)).map((item) => ({ key: fieldKey(group.node_id, item.identifier), item })),
  );
}

/**
 * Spec 1 §3 execution payload. Hidden items are left out (the server takes the workflow's
 * value); read-only items are sent with their default, except read-only passwords; a
 * fillable password is sent only as its ciphertext (`encrypted`, by field key).
 */
export function buildExecutionPayload(
  processor: { id: string; attributes: { version: number; inputs: WorkflowInputGroup[] } },
  values: FormValues,
  encrypted: Record<string, string> = {},
): CreateExecutionPayload {
  const inputs: CreateExecutionPayload['inputs'] = [];
  for (const group of processor.attributes.inputs) {
    const items = [];
    for (const item of group.items) {
      if (!item.userVisible) continue;
      const key = fieldKey(group.node_id, item.identifier);
      const password = isEncryptedInput(item);
      let value: string;
      if (!item.userEditable) {
        if (password) continue;
        value = item.defaultValue ?? '';
      } else if (password) {
        const cipherText = encrypted[key];
        if (cipherText === undefined) throw new Error(`The value of "${item.label}" is not encrypted.`);
        value = cipherText;
      } else {
        value = (values[key] ?? '').trim();
      }
      items.push(inputWithValue(item, value));
    }
    if (items.length > 0) inputs.push({ node_id: group.node_id, items });
  }
  return { processor_id: processor.id, processor_version: processor.attributes.version, inputs };
}

const INPUT_FIELD = /^inputs\/([^/]+)\/([^/]+)$/;

/**
 * Spec 1 §5: a 400's errors pointing at `/data/attributes/inputs/{node_id}/{identifier}` show
 * under that input when the form shows it; the rest (`general`) go to the general handler.
 * `fieldErrors` are the 400's errors keyed by pointer tail (fieldErrorsOf).
 */
export function serverInputErrors(
  groups: WorkflowInputGroup[],
  fieldErrors: Record<string, string> | undefined,
): { byField: Record<string, string>; general: string[] } {
  const shown = new Set(visibleGroups(groups).flatMap((group) => group.items.filter(isFillable).map((item) => fieldKey(group.node_id, item.identifier))));
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const [field, detail] of Object.entries(fieldErrors ?? {})) {
    const match = INPUT_FIELD.exec(field);
    const key = match ? fieldKey(match[1]!, match[2]!) : undefined;
    if (key && shown.has(key)) byField[key] = detail;
    else general.push(detail);
  }
  return { byField, general };
}
