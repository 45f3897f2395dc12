import { useState } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { FormMessage } from '@/features/admin/components/fields';
import { Button } from '@/components/ui/button';
import { useCreatePlan, usePlans, useUpdatePlan } from '@/features/admin/api/plans';
import { PlanForm } from '@/features/admin/components/plan-form';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** Subscription plans: create one, change its price, validity or description, retire it. */
export function Component() {
  const { can } = useOperator();
  const plans = usePlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [adding, setAdding] = useState(false);
  const readOnly = !can('editCatalog');

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold text-white">Plans</h1>
        {!readOnly && !adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            New plan
          </Button>
        )}
      </div>
      <p className="text-sm text-zinc-400">A new price or validity applies to new purchases. A retired plan is no longer sold; its subscribers keep what they paid for.</p>
      {adding && (
        <section aria-label="New plan" className="rounded-lg bg-zinc-900/60 p-4">
          <PlanForm
            submitLabel="Create plan"
            onCancel={() => setAdding(false)}
            onSave={async (values) => {
              await create.mutateAsync(values);
              setAdding(false);
            }}
          />
        </section>
      )}
      {plans.isPending && <PageSpinner />}
      {plans.isError && <FormMessage tone="error">{plans.error.message}</FormMessage>}
      {plans.data?.map((plan) => (
        <section key={plan._id} aria-label={`Plan ${plan.title}`} className="rounded-lg bg-zinc-900/60 p-4">
          <p className="mb-3 text-sm text-zinc-400">
            {plan.isEnable ? 'On sale' : 'Retired'} · {plan.activeSubscribers} running {plan.activeSubscribers === 1 ? 'subscription' : 'subscriptions'}
          </p>
          <PlanForm
            plan={plan}
            readOnly={readOnly}
            submitLabel="Save plan"
            onSave={(values) => update.mutateAsync({ id: plan._id, body: { ...values, updatedAt: plan.updatedAt } })}
          />
        </section>
      ))}
    </div>
  );
}
