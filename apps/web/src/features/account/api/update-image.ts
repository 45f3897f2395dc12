import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { replaceSessionUser, requireSessionToken } from '@/lib/session-store';

/** Uploads a new avatar (multipart field `image`); the server answers with the updated user. */
export function updateImage(input: { token: string; image: Blob }) {
  return fetchApi('updateImage', { token: input.token, body: { image: input.image } });
}

export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateImage'],
    // A profile refresh still on its way must not land after this change and undo it.
    onMutate: () => queryClient.cancelQueries({ queryKey: ['profile'] }),
    mutationFn: (image: Blob) => updateImage({ token: requireSessionToken(), image }),
    onSuccess: replaceSessionUser,
  });
}
