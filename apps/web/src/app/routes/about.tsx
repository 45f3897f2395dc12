import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { POLICY, PolicyPage } from '@/features/policies/components/policy-page';

export function Component() {
  return (
    <PolicyPage title={`About ${site.name}`}>
      <p>
        {site.name} is a streaming and rental service for people who love films and series. Browse by category, search
        as you type, keep a watchlist, and watch in adaptive quality on any screen.
      </p>
      <h2>How it works</h2>
      <ul>
        <li>Trailers and free titles are open to everyone.</li>
        <li>A subscription unlocks the whole catalogue for the days shown on your plan, priced in USD.</li>
        <li>Prefer a single title? Rent it instead of subscribing.</li>
      </ul>
      <h2>Our commitments</h2>
      <ul>
        <li>{POLICY.grievance}</li>
        <li>{POLICY.age}</li>
        <li>
          Payments are final and refunds are not given; see the <Link to={paths.refund.href()}>Refund Policy</Link>.
        </li>
      </ul>
      <h2>Get in touch</h2>
      <p>
        Questions, ideas or partnership enquiries: visit <Link to={paths.contact.href()}>Contact Us</Link>.
      </p>
    </PolicyPage>
  );
}
