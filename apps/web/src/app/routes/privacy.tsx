import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { POLICY, PolicyPage } from '@/features/policies/components/policy-page';

export function Component() {
  return (
    <PolicyPage title="Privacy Policy" updated="1 January 2025">
      <p>
        This policy explains what personal information {site.name} collects, why, and the choices you have. We collect
        only what we need to run the service and never sell your personal information.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details from Google sign-in: your name, email address and profile picture.</li>
        <li>Profile details you add yourself, such as your phone number and date of birth.</li>
        <li>Your watchlist, rentals, subscriptions and viewing activity, so we can resume playback and recommend titles.</li>
        <li>Payment confirmations from our payment provider. We never see or store your full card number.</li>
        <li>Messages you send us through the contact form.</li>
        <li>Technical data such as device type, browser and IP address, used for security and to keep video playing smoothly.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To provide and secure your account, process payments, deliver the videos you are entitled to, answer your
        messages, prevent fraud, and meet legal obligations.
      </p>
      <h2>Children</h2>
      <p>{POLICY.age} We do not knowingly collect information from children without that consent.</p>
      <h2>Sharing</h2>
      <p>
        We share information only with providers that help us run {site.name} (hosting, video delivery, payments, email),
        under contracts that limit their use of it, and when the law requires.
      </p>
      <h2>Retention and your rights</h2>
      <p>
        We keep your information while your account is open and for as long as the law requires afterwards. You can ask
        us for a copy of your data, to correct it, or to delete your account.
      </p>
      <h2>Questions and grievances</h2>
      <p>
        {POLICY.grievance} Reach us via <Link to={paths.contact.href()}>Contact Us</Link> or{' '}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </PolicyPage>
  );
}
