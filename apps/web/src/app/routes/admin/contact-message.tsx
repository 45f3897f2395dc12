import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FormMessage } from '@/features/admin/components/fields';
import { buttonClass } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { useAnswerContactMessage, useContactMessage } from '@/features/admin/api/contact-messages';
import { ContactAnswerForm } from '@/features/admin/components/contact-answer-form';
import { formatWhen } from '@/features/admin/utils/format';

/** One contact message: opening it marks it read; reply by email, then mark it answered. */
export function Component() {
  const { id = '' } = useParams();
  const message = useContactMessage(id);
  const answer = useAnswerContactMessage();
  const queryClient = useQueryClient();
  const opened = message.isSuccess;

  // The server marked it read when it was opened: the inbox's counts and states are stale now.
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: ['admin', 'contactMessages'] });
  }, [opened, queryClient]);

  if (message.isPending) return <PageSpinner />;
  if (message.isError) return <FormMessage tone="error">{message.error.message}</FormMessage>;
  const m = message.data;
  const reply = `mailto:${m.email}?subject=${encodeURIComponent('Re: your message to Marquee')}`;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Link to={adminPaths.contactMessages.href()} className="text-sm text-zinc-400 hover:text-white">
        ← Contact messages
      </Link>
      <div>
        <h1 className="text-2xl font-semibold text-white">
          {m.firstName} {m.lastName}
        </h1>
        <p className="text-sm text-zinc-400">
          {m.email}
          {m.phoneNumber && ` · ${m.phoneNumber}`} · received {formatWhen(m.receivedAt)} · <strong className="text-zinc-200">{m.status}</strong>
        </p>
      </div>
      <p className="rounded-lg bg-zinc-900/60 p-4 whitespace-pre-wrap text-zinc-100">{m.message}</p>
      <a href={reply} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
        Reply by email
      </a>
      {m.status === 'answered' ? (
        <p role="status" className="rounded-md bg-emerald-950 px-3 py-2 text-sm text-emerald-200">
          Answered by {m.answeredBy?.name || m.answeredBy?.email} on {formatWhen(m.answeredAt!)}
          {m.answerNote && `: ${m.answerNote}`}
        </p>
      ) : (
        <ContactAnswerForm onAnswer={(body) => answer.mutateAsync({ id, body })} />
      )}
    </div>
  );
}
