import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation } from './admin-api-client';

/** Uploads a cast member's photo (the server crops it square and re-encodes it); the title shows it on reading again. */
export function useUploadPersonPhoto(titleId: string) {
  const queryClient = useQueryClient();
  return useAdminMutation('personPhoto', {
    toCall: ({ personId, file }: { personId: string; file: File }) => ({ params: { id: personId }, body: { image: file } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('title', { id: titleId }) }),
  });
}
