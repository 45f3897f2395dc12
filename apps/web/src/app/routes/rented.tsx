import { PageMessage } from '@/components/layout/page-message';

export function Component() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Rented</h1>
      <PageMessage title="No Data Found" headingLevel={2} />
    </div>
  );
}
