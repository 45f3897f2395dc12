import { Mail, MapPin } from 'lucide-react';
import { site } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';

export function Component() {
  return (
    <div className="mx-auto grid max-w-5xl gap-12 py-4 lg:grid-cols-[1fr_18rem]">
      <section aria-labelledby="contact-heading" className="space-y-6">
        <div>
          <h1 id="contact-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Contact Us
          </h1>
          <p className="mt-2 text-zinc-400">Tell us what's on your mind. We read every message.</p>
        </div>
        <ContactForm />
      </section>
      <aside className="space-y-6 text-sm text-zinc-300">
        <div className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-400" />
          <address className="not-italic">
            {site.postalAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
        <div className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-400" />
          <a href={`mailto:${site.supportEmail}`} className="text-amber-400 hover:underline">
            {site.supportEmail}
          </a>
        </div>
      </aside>
    </div>
  );
}
