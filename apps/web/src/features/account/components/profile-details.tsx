import type { Session } from '@marquee/contract';
import { Mail, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { AvatarUpload } from './avatar-upload';
import { EditProfileDialog } from './edit-profile-dialog';

interface ProfileDetailsProps {
  session: Session;
  /** Where 'Support' writes to. */
  supportEmail: string;
  /** More actions from other features, e.g. Logout. */
  actions?: ReactNode;
}

/** behaviour.md §2 'My account': avatar, name, email or phone by login method, date of birth, Edit Profile, Support. */
export function ProfileDetails({ session, supportEmail, actions }: ProfileDetailsProps) {
  const [editing, setEditing] = useState(false);
  const { user, loginWith } = session;
  const contact = loginWith === 'phone' ? { label: 'Phone number', value: user.phoneNumber } : { label: 'Email', value: user.email };

  return (
    <section id="profile" aria-label="Profile" className="flex scroll-mt-32 flex-col items-center gap-8 rounded-xl bg-zinc-900 p-6 ring-1 ring-white/10 sm:flex-row sm:items-start sm:p-8">
      <AvatarUpload name={user.name} image={user.image} />
      <div className="w-full min-w-0 flex-1 space-y-6">
        <h2 className="text-center text-2xl font-semibold break-words text-white sm:text-left">{user.name}</h2>
        {/* The contact takes the room it needs (an email is often long); the date of birth is short. */}
        <dl className="grid gap-x-10 gap-y-4 sm:grid-cols-[minmax(0,1fr)_auto]">
          <Fact label={contact.label} value={contact.value} />
          <Fact label="Date of birth" value={formatDob(user.dob)} />
        </dl>
        <div className="flex flex-wrap justify-center gap-3 sm:justify-start">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit Profile
          </Button>
          <a href={`mailto:${supportEmail}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <Mail aria-hidden="true" className="size-4" />
            Support
          </a>
          {actions}
        </div>
      </div>
      <EditProfileDialog open={editing} onOpenChange={setEditing} session={session} />
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      {/* An email has no spaces to wrap at: it breaks anywhere rather than being cut off. */}
      <dd className="mt-1 text-zinc-100 [overflow-wrap:anywhere]">
        {value || 'Not set'}
      </dd>
    </div>
  );
}

/** '1990-04-21' → '21 April 1990' (shown in UTC, since it is a calendar date, not an instant). */
function formatDob(dob: string): string {
  if (!dob) return '';
  const date = new Date(`${dob}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return dob;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
