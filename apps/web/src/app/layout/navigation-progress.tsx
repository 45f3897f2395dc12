import { useNavigation } from 'react-router';

/** A thin bar while the next page's code loads, since lazy routes keep the old page until then. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-amber-400/20">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-amber-400" />
    </div>
  );
}
