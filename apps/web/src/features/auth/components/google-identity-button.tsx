import { useEffect, useRef, useState } from 'react';
import { getLoginNonce } from '../api/get-login-nonce';

/** Google Identity Services' script: the only one the server's CSP lets in, and only in Google mode. */
const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; nonce: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

interface GoogleIdentityButtonProps {
  clientId: string;
  onCredential: (idToken: string) => void;
}

/**
 * Google mode: Google's own button. Each mount asks the server for a fresh nonce, which Google puts
 * into the ID token it returns through `onCredential`. Loaded lazily, so dev mode never fetches it.
 */
export default function GoogleIdentityButton({ clientId, onCredential }: GoogleIdentityButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [ok, data] = await getLoginNonce();
      const google = ok ? await loadGoogleIdentity() : null;
      if (cancelled) return;
      if (!ok || !google || !containerRef.current) {
        setFailed(true);
        return;
      }
      google.accounts.id.initialize({
        client_id: clientId,
        nonce: data.nonce,
        callback: (response) => {
          if (response.credential) onCredential(response.credential);
        },
      });
      google.accounts.id.renderButton(containerRef.current, { type: 'standard', theme: 'outline', size: 'large', shape: 'pill', text: 'signin_with' });
    })();
    return () => {
      cancelled = true;
    };
  }, [clientId, onCredential]);

  if (failed) return <p className="text-sm text-zinc-400">Google sign-in could not load. Please try again later.</p>;
  return <div ref={containerRef} className="flex min-h-11 justify-center" />;
}

let loading: Promise<GoogleIdentity | null> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity | null> {
  if (window.google) return Promise.resolve(window.google);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => resolve(window.google ?? null);
    script.onerror = () => {
      loading = null;
      script.remove();
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}
