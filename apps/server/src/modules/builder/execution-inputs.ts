import {
  ENCRYPTED_VALUE_MASK,
  enumOptions,
  inputWithValue,
  isEncryptedInput,
  secretTagOf,
  type ExecutionInputGroup,
  type ExecutionInputValue,
  type WorkflowInputGroup,
  type WorkflowInputItem,
  type executionInputGroupSchema,
} from '@asb/contracts';
import type { z } from 'zod';
import { HttpError } from '../../platform/http/errors.js';
import { inputConstraintErrors } from './input-constraints.js';

const ENCRYPTION_REQUIRED = 'This value must be encrypted with the instance key.';

type GivenGroup = z.infer<typeof executionInputGroupSchema>;
/** The clear text of a password value as given (the browser's ciphertext, or a value sealed for this use), or undefined. */
export type Reveal = (value: string) => Promise<string | undefined>;
/** Whether the execution's owner has a secret of this tag (a password input may name one: secretReference). */
export type HasSecret = (tag: string) => Promise<boolean>;

const NO_SUCH_SECRET = (tag: string) => `You have no secret with the tag "${tag}": store it on the Secrets page first.`;

/** One refused input, pointing where the execute form shows it. */
export interface InputProblem {
  pointer: string;
  message: string;
}

/** A 400 with one JSON:API error per problem, at its pointer (the execute and schedule forms show them under their fields). */
export function problemsError(title: string, problems: InputProblem[]): HttpError {
  return new HttpError(400, {
    errors: problems.map((problem) => ({ status: '400', title, detail: problem.message, source: { pointer: problem.pointer } })),
  });
}

const pointerOf = (nodeId: string, identifier?: string) => `/data/attributes/inputs/${nodeId}${identifier === undefined ? '' : `/${identifier}`}`;

/**
 * The values the client sent, by node and input. Anything the workflow does not take
 * is a problem: silently dropping it would run the workflow with values the user did
 * not mean.
 */
function givenValues(groups: WorkflowInputGroup[], given: GivenGroup[], problems: InputProblem[]): Map<string, string | null> {
  const values = new Map<string, string | null>();
  for (const group of given) {
    const known = groups.find((candidate) => candidate.node_id === group.node_id);
    if (!known) {
      problems.push({ pointer: pointerOf(group.node_id), message: `The workflow has no input on node "${group.node_id}".` });
      continue;
    }
    for (const item of group.items) {
      const key = `${group.node_id}.${item.identifier}`;
      if (!known.items.some((candidate) => candidate.identifier === item.identifier))
        problems.push({ pointer: pointerOf(group.node_id, item.identifier), message: `Node "${group.node_id}" has no input "${item.identifier}".` });
      else if (values.has(key)) problems.push({ pointer: pointerOf(group.node_id, item.identifier), message: `Input "${item.identifier}" is given twice.` });
      else values.set(key, item.value ?? null);
    }
  }
  return values;
}

function stored(item: WorkflowInputItem, value: string, encrypted: boolean, secret?: string): ExecutionInputValue {
  const valueLabel = encrypted || secret ? undefined : enumOptions(item).find((option) => option.value === value)?.label;
  return {
    ...inputWithValue(item, value),
    ...(encrypted ? { encrypted: true } : {}),
    ...(secret ? { secret } : {}),
    ...(valueLabel !== undefined && valueLabel !== value ? { value_label: valueLabel } : {}),
  };
}

/**
 * The inputs an execution stores (docs/workflows.md "Workflow inputs"): a user-visible
 * and user-editable item takes the client's value, checked by the same rule as the
 * execute form (an item the client leaves out takes the workflow's default, which must
 * pass the rule too); hidden or read-only items always take the workflow's value.
 * Password values must be ciphertext of the instance key (or a value sealed for the
 * caller's use, `reveal`): their items come back **in clear**, marked `encrypted`, for
 * the caller to seal (sealInputs) before anything is stored. A password input may instead
 * name one of the owner's secrets (`{{secret:tag}}`, which must exist: `hasSecret`): it is
 * stored as that reference, marked `secret`, and the engine resolves it when the task starts.
 */
export async function executionInputs(
  groups: WorkflowInputGroup[],
  given: GivenGroup[],
  reveal: Reveal,
  hasSecret: HasSecret,
): Promise<{ inputs: ExecutionInputGroup[]; problems: InputProblem[] }> {
  const problems: InputProblem[] = [];
  const values = givenValues(groups, given, problems);
  const inputs: ExecutionInputGroup[] = [];
  for (const group of groups) {
    const items: ExecutionInputValue[] = [];
    const valueOf = (item: WorkflowInputItem) => {
      const key = `${group.node_id}.${item.identifier}`;
      return (item.userVisible && item.userEditable && values.has(key) ? values.get(key) : item.defaultValue) ?? '';
    };
    const errors = inputConstraintErrors(group, valueOf);
    for (const item of group.items) {
      const fillable = item.userVisible && item.userEditable;
      const value = valueOf(item);
      const error = errors.get(item.identifier);
      if (error) {
        problems.push({ pointer: pointerOf(group.node_id, item.identifier), message: error });
        continue;
      }
      const text = fillable ? value.trim() : value;
      const tag = isEncryptedInput(item) ? secretTagOf(text) : undefined;
      if (tag !== undefined) {
        if (await hasSecret(tag)) items.push(stored(item, text, false, tag));
        else problems.push({ pointer: pointerOf(group.node_id, item.identifier), message: NO_SUCH_SECRET(tag) });
        continue;
      }
      const clear = isEncryptedInput(item) ? await reveal(text) : undefined;
      // a user's password must reach us encrypted; a hidden default is the author's own business
      if (isEncryptedInput(item) && fillable && clear === undefined) {
        problems.push({ pointer: pointerOf(group.node_id, item.identifier), message: ENCRYPTION_REQUIRED });
        continue;
      }
      items.push(clear === undefined ? stored(item, text, false) : stored(item, clear, true));
    }
    inputs.push({ node_id: group.node_id, items });
  }
  return { inputs, problems };
}

/** The inputs with every encrypted value sealed for `binding` (keystore.seal): what is stored. */
export async function sealInputs(inputs: ExecutionInputGroup[], seal: (clear: string) => Promise<string>): Promise<ExecutionInputGroup[]> {
  return Promise.all(
    inputs.map(async (group) => ({
      ...group,
      items: await Promise.all(group.items.map(async (item) => (item.encrypted ? { ...item, value: await seal(item.value) } : item))),
    })),
  );
}

/** The inputs as served: an encrypted value is never sent, to anyone (ENCRYPTED_VALUE_MASK instead). */
export function maskedInputs(inputs: ExecutionInputGroup[]): ExecutionInputGroup[] {
  return inputs.map((group) => ({ ...group, items: group.items.map((item) => (item.encrypted ? { ...item, value: ENCRYPTED_VALUE_MASK } : item)) }));
}
