import { roleCan, type Capability, type ConsoleMe } from '@marquee/contract/admin';
import { useOutletContext } from 'react-router';

/** Inside the console: the signed-in operator, and whether their role may do a thing. */
export function useOperator(): { me: ConsoleMe; can: (capability: Capability) => boolean } {
  const me = useOutletContext<ConsoleMe>();
  return { me, can: (capability) => roleCan(me.role, capability) };
}
