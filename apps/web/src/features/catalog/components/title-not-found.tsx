import { Link } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

/** A movie or series page whose slug is unknown (404) or could not load. */
export function TitleNotFound({ error, kind }: { error: Error; kind: 'movie' | 'series' }) {
  const missing = error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;
  // 403: the profile watching may not see it (its age limit), which the server says in the message.
  const refused = error instanceof ApiError && error.status === 403;
  const heading = refused ? `This ${kind} is not available on this profile` : missing ? `This ${kind} was not found` : `This ${kind} could not be loaded`;
  return (
    <PageMessage title={heading}>
      <p>{missing ? error.message : 'Please check your connection and try again.'}</p>
      <Link to={paths.home.href()} className={buttonClass({ className: 'mt-6' })}>
        Back to home
      </Link>
    </PageMessage>
  );
}
