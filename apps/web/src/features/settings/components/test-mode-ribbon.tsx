import { useDisplaySettings } from '../api/get-display-settings';

/**
 * A staging site (production mode with STAGING_TEST_PROVIDERS) says so on every page, so nobody
 * mistakes it for the real site: sign-in there accepts any email, payments charge nothing.
 */
export function TestModeRibbon() {
  const { data } = useDisplaySettings();
  const mode = data?.testMode;
  if (!mode) return null;
  const what = [mode.devSignIn && 'anyone may sign in with any email', mode.sandboxPayments && 'payments are not charged'].filter(Boolean).join('; ');
  return (
    <div role="status" className="bg-fuchsia-700 px-4 py-1.5 text-center text-sm font-semibold text-white">
      {`Test mode: ${what}.`}
    </div>
  );
}
