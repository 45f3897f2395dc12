import type { ContactMessage } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';

export function sendContactMessage(message: ContactMessage) {
  return fetchApi('contact', { body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationKey: ['contact'], mutationFn: sendContactMessage });
}
