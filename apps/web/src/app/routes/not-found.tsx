import { Link } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <PageMessage title="Page not found">
      <p>The page you were looking for doesn't exist or has moved.</p>
      <Link to={paths.home.href()} className={buttonClass({ className: 'mt-6' })}>
        Back to home
      </Link>
    </PageMessage>
  );
}
