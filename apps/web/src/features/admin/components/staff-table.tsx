import type { StaffMember } from '@marquee/contract/admin';
import { useState } from 'react';
import { FormMessage } from './fields';
import { Button } from '@/components/ui/button';
import { useSetRole } from '../api/set-role';

const roles = ['admin', 'editor', 'support', 'viewer'] as const;
const sourceLabel = { default: 'default', config: 'ADMIN_EMAILS', console: 'set in the console' } as const;

/** Operators and their roles; an admin changes a role with a reason, which goes to the audit log. */
export function StaffTable({ staff, myId }: { staff: StaffMember[]; myId: string }) {
  return (
    <ul className="flex flex-col gap-3">
      {staff.map((member) => (
        <li key={member._id}>
          <StaffRow member={member} isMe={member._id === myId} />
        </li>
      ))}
    </ul>
  );
}

function StaffRow({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const setRole = useSetRole();
  const [role, setRoleChoice] = useState(member.role);
  const [reason, setReason] = useState('');

  return (
    <form
      aria-label={`Role of ${member.name}`}
      className="grid items-end gap-3 rounded-lg bg-zinc-900/60 p-3 md:grid-cols-[1fr_auto_1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        setRole.mutate({ id: member._id, change: { role, reason } });
      }}
    >
      <div>
        <p className="font-medium text-white">
          {member.name} {isMe && <span className="text-xs text-zinc-400">(you)</span>}
        </p>
        <p className="text-sm text-zinc-400">
          {member.email} · {sourceLabel[member.roleSource]}
        </p>
      </div>
      <label className="text-sm text-zinc-200">
        Role
        <select value={role} onChange={(event) => setRoleChoice(event.target.value as typeof role)} className="mt-1 block rounded-md bg-zinc-900 px-2 py-2 ring-1 ring-white/15">
          {roles.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-zinc-200">
        Reason
        <input value={reason} onChange={(event) => setReason(event.target.value)} className="mt-1 block w-full rounded-md bg-zinc-900 px-2 py-2 ring-1 ring-white/15" />
      </label>
      <Button type="submit" size="sm" variant="secondary" disabled={setRole.isPending || role === member.role}>
        Change role
      </Button>
      {setRole.isError && (
        <div className="md:col-span-4">
          <FormMessage tone="error">{setRole.error.message}</FormMessage>
        </div>
      )}
    </form>
  );
}
