import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isUserQueryKey } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // When the signed-in user changes (logout, an ended session, another account), the previous
  // user's answers leave the cache: they are keyed by user anyway, this just frees them.
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        const before = previous.user?.user._id;
        if (before && before !== state.user?.user._id) {
          client.removeQueries({ predicate: (query) => isUserQueryKey(query.queryKey) });
        }
      }),
    [client],
  );

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
