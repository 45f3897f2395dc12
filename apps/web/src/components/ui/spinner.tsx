/** A quiet loading indicator for a page whose code or data is on its way. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-zinc-700 border-t-amber-400" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
