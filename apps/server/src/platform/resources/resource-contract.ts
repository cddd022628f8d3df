import type { BaseAttributes, ResourceContract } from '@asb/contracts';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import type { LoadedResource, ResourceDefinition, ResourceRow } from './resource-definition.js';

type Created<C extends ResourceContract> = z.output<C['schemas']['create']>;
type Updated<C extends ResourceContract> = z.output<C['schemas']['update']>;
/** The attributes a contract's type answers: the base ones and its own. */
export type AnswerOf<C extends ResourceContract> = BaseAttributes & z.output<C['schemas']['attributes']>;
type Insert = Promise<Record<string, unknown>> | Record<string, unknown>;

/**
 * The hooks of a definition, typed by its contract: parsed create/update attributes in, the
 * contract's own attributes out — less `Later`, attributes a module adds to each answer
 * from other rows (the schedules' execution counts); the answer's schema checks them all.
 */
interface TypedHooks<R extends ResourceRow, C extends ResourceContract, Later extends string, Ctx extends PlatformContext> {
  toInsert(attributes: Created<C>, principal: Principal, ctx: Ctx, parent?: LoadedResource): Insert;
  toUpdate?(attributes: Updated<C>, row: R, ctx: Ctx, principal: Principal): Insert;
  attributes?(row: R, parent?: ResourceRow): Omit<z.input<C['schemas']['attributes']>, Later>;
  duplicateField?(attributes: Created<C>): string;
}

type FromContract = 'contract' | 'type' | 'name' | 'prefix' | 'createSchema' | 'updateSchema';
export type TypedDefinition<
  R extends ResourceRow,
  C extends ResourceContract,
  Later extends string = never,
  Ctx extends PlatformContext = PlatformContext,
> = Omit<ResourceDefinition<R>, FromContract | 'answers' | keyof TypedHooks<R, C, Later, Ctx>> & TypedHooks<R, C, Later, Ctx>;

/** The contract-derived fields of a definition. */
function fromContract(contract: ResourceContract) {
  return {
    contract,
    type: contract.type,
    name: contract.name,
    prefix: contract.prefix,
    createSchema: contract.schemas.create,
    updateSchema: contract.schemas.update,
  };
}

/**
 * A resource type's definition from its contract (packages/contracts): names, prefix and
 * schemas come from the contract, and the hooks are typed by it —
 * `resourceOf(processesContract).define<ProcessRow>({ table, toInsert, ... })`. The hooks get
 * the context the module registers the resource with: a module whose hooks use the
 * modules' services names it, `resourceOf<typeof c, AppContext>(c)`.
 */
export function resourceOf<C extends ResourceContract, Ctx extends PlatformContext = PlatformContext>(contract: C) {
  return {
    define<R extends ResourceRow, Later extends string = never>(definition: TypedDefinition<R, C, Later, Ctx>): ResourceDefinition<R, AnswerOf<C>> {
      // the service parses attributes with these same schemas before it calls a hook
      return { ...fromContract(contract), ...definition } as unknown as ResourceDefinition<R, AnswerOf<C>>;
    },
  };
}
