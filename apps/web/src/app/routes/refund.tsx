import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { POLICY, PolicyPage } from '@/features/policies/components/policy-page';

export function Component() {
  return (
    <PolicyPage title="Refund Policy" updated="1 January 2025">
      <h2>No refunds</h2>
      <p>{POLICY.noRefunds}</p>
      <p>
        Before you pay, the price (in USD) and the number of days of access are shown for every plan and rental, and you
        can watch trailers and free titles to check that {site.name} works on your device.
      </p>
      <h2>Billing problems</h2>
      <p>
        If you were charged twice, charged the wrong amount, or paid and did not receive access, contact us and we will
        put it right. {POLICY.grievance}
      </p>
      <h2>Chargebacks</h2>
      <p>{POLICY.chargebacks} Please talk to us first: most payment issues are fixed faster that way.</p>
      <h2>Contact</h2>
      <p>
        Use the <Link to={paths.contact.href()}>Contact Us</Link> page or write to{' '}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </PolicyPage>
  );
}
