import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { POLICY, PolicyPage } from '@/features/policies/components/policy-page';

export function Component() {
  return (
    <PolicyPage title="Terms of Service" updated="1 January 2025">
      <p>
        These terms govern your use of {site.name}, our website and apps for streaming and renting movies and series.
        By creating an account or watching anything on {site.name} you agree to them. Please read them carefully.
      </p>
      <h2>Who can use Marquee</h2>
      <p>{POLICY.age} You are responsible for everything that happens under your account and for keeping your sign-in secure.</p>
      <h2>Your subscription and rentals</h2>
      <ul>
        <li>A subscription gives you access to the full catalogue for the number of days shown on the plan you choose.</li>
        <li>A rental gives you access to a single title for the rental window shown before you pay.</li>
        <li>Prices are shown and charged in US dollars (USD). Taxes may apply where you live.</li>
        <li>Free titles and trailers can be watched without a subscription.</li>
      </ul>
      <h2>Payments, refunds and chargebacks</h2>
      <p>{POLICY.noRefunds} See our <Link to={paths.refund.href()}>Refund Policy</Link> for details.</p>
      <p>{POLICY.chargebacks}</p>
      <h2>Acceptable use</h2>
      <p>
        Content on {site.name} is for your personal, non-commercial viewing. You may not copy, record, redistribute or
        publicly perform it, circumvent any access or copy protection, share your account outside your household, or use
        automated means to access the service.
      </p>
      <h2>Availability and changes</h2>
      <p>
        Titles come and go as licences change, and we may update features of the service. We will tell you about
        material changes to these terms before they take effect; continuing to use {site.name} afterwards means you accept them.
      </p>
      <h2>Suspension and termination</h2>
      <p>
        We may suspend or close accounts that break these terms, including in the case of fraud or payment disputes. You
        may stop using {site.name} at any time.
      </p>
      <h2>Complaints and grievances</h2>
      <p>
        {POLICY.grievance} Write to us through the <Link to={paths.contact.href()}>Contact Us</Link> page or at{' '}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
      <h2>Liability</h2>
      <p>
        {site.name} is provided as is. To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.
      </p>
    </PolicyPage>
  );
}
