import { useQueryClient } from '@tanstack/react-query';
import { useAdminMutation } from './admin-api-client';
import { setTitle } from './save-title';

/** Uploads a poster (vertical) or a wide banner (horizontal); the server re-encodes it. */
export function useUploadArtwork() {
  const queryClient = useQueryClient();
  return useAdminMutation('titleArtwork', {
    toCall: ({ id, slot, file }: { id: string; slot: 'vertical' | 'horizontal'; file: File }) => ({ params: { id, slot }, body: { image: file } }),
    invalidates: ['titles'],
    onSuccess: (title) => setTitle(queryClient, title),
  });
}
