import type { ContactAnswerInput, ContactMessageQuery } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

export function useContactMessages(query: ContactMessageQuery) {
  return useQuery({ ...adminQuery('contactMessages', { query }), placeholderData: keepPreviousData });
}

/** Opening a message marks it read on the server, so the inbox is read again afterwards. */
export function useContactMessage(id: string) {
  return useQuery(adminQuery('contactMessage', { params: { id } }));
}

export function useAnswerContactMessage() {
  return useAdminMutation('answerContactMessage', {
    toCall: ({ id, body }: { id: string; body: ContactAnswerInput }) => ({ params: { id }, body }),
    invalidates: ['contactMessage', 'contactMessages', 'audit'],
  });
}
