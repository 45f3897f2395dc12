import { RentedList } from '@/features/billing/components/rented-list';

export function Component() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Rented</h1>
      <RentedList />
    </div>
  );
}
