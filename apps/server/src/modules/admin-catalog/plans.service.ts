import type { AdminPlan, PlanInput, PlanUpdate } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { uniqueViolation } from '../../lib/unique-violation';
import type { Actor } from '../audit/audit.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import { assertUnchanged } from './list-version';
import * as repo from './plans.repository';

export interface PlanDeps extends CatalogDeps {
  now: () => Date;
}

export async function listPlans(deps: PlanDeps): Promise<AdminPlan[]> {
  return (await repo.listPlans(deps.db, deps.now())).map((r) => toPlan(r.plan, r.activeSubscribers));
}

export async function createPlan(deps: PlanDeps, input: { actor: Actor; plan: PlanInput }): Promise<AdminPlan> {
  const plan = input.plan as Required<PlanInput>;
  return withTitleCheck(plan.title, () =>
    changeCatalog(deps, input.actor, async (tx) => {
      await assertTitleFree(tx, { title: plan.title });
      const created = await repo.insertPlan(tx, columns(plan));
      return {
        result: await planOf(deps, tx, created.id),
        audit: { action: 'plan.create', entityType: 'plan', entityId: created.id, summary: `Created plan '${plan.title}'`, after: plan },
      };
    }),
  );
}

/**
 * A new price or validity applies to purchases from now on; subscribers keep the periods they paid
 * for. Retiring (isEnable false) takes the plan off sale, and nothing more.
 */
export async function updatePlan(deps: PlanDeps, input: { actor: Actor; id: string; update: PlanUpdate }): Promise<AdminPlan> {
  const { updatedAt, ...plan } = input.update as Required<PlanUpdate>;
  return withTitleCheck(plan.title, () =>
    changeCatalog(deps, input.actor, async (tx) => {
      const current = await repo.findPlan(tx, input.id);
      if (!current) throw new NotFoundError('Plan');
      assertUnchanged(current.updatedAt, updatedAt, 'plan');
      await assertTitleFree(tx, { title: plan.title, except: current.id });
      await repo.updatePlan(tx, current.id, columns(plan));
      const retired = current.isEnable && !plan.isEnable;
      return {
        result: await planOf(deps, tx, current.id),
        audit: {
          action: retired ? 'plan.retire' : 'plan.update',
          entityType: 'plan',
          entityId: current.id,
          summary: retired ? `Retired plan '${current.title}'` : `Edited plan '${plan.title}'`,
          before: { title: current.title, description: current.description, price: current.priceCents / 100, validityDays: current.validityDays, isEnable: current.isEnable, maxStreams: current.maxStreams },
          after: plan,
        },
      };
    }),
  );
}

async function planOf(deps: PlanDeps, db: Executor, id: string): Promise<AdminPlan> {
  const row = (await repo.listPlans(db, deps.now())).find((r) => r.plan.id === id)!;
  return toPlan(row.plan, row.activeSubscribers);
}

function columns(plan: Required<PlanInput>) {
  return { title: plan.title, description: plan.description, priceCents: Math.round(plan.price * 100), validityDays: plan.validityDays, isEnable: plan.isEnable, maxStreams: plan.maxStreams };
}

function toPlan(plan: repo.PlanRow, activeSubscribers: number): AdminPlan {
  return {
    _id: plan.id,
    title: plan.title,
    description: plan.description,
    price: plan.priceCents / 100,
    validityDays: plan.validityDays,
    isEnable: plan.isEnable,
    maxStreams: plan.maxStreams,
    activeSubscribers,
    updatedAt: plan.updatedAt.toISOString(),
  };
}

async function assertTitleFree(db: Executor, input: { title: string; except?: string }) {
  if (await repo.planTitleTaken(db, input)) throw titleConflict(input.title);
}

async function withTitleCheck<T>(title: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (uniqueViolation(error) === 'subscription_plans_title_unique') throw titleConflict(title);
    throw error;
  }
}

const titleConflict = (title: string) => new ConflictError(`There is already a plan named '${title}'`, { field: 'title' });
