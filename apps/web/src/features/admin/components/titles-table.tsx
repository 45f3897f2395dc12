import type { AdminTitleSummary } from '@marquee/contract/admin';
import { Link } from 'react-router';
import { adminPaths } from '@/config/admin-paths';

const videoLabel = { none: 'No video', pending: 'Pending', processing: 'Processing', ready: 'Ready', failed: 'Failed' } as const;

/** One page of titles, each linking to its edit page. */
export function TitlesTable({ titles }: { titles: AdminTitleSummary[] }) {
  if (titles.length === 0) return <p className="py-8 text-center text-zinc-400">No titles match.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Titles</caption>
        <thead className="text-xs text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">Title</th>
            <th scope="col" className="px-3 py-2">Kind</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Access</th>
            <th scope="col" className="px-3 py-2">Video</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {titles.map((title) => (
            <tr key={title._id}>
              <td className="px-3 py-2">
                <div className="flex items-center gap-3">
                  {title.verticalBanner ? <img src={title.verticalBanner} alt="" className="h-12 w-8 rounded object-cover" /> : <span className="h-12 w-8 rounded bg-zinc-800" />}
                  <div>
                    <Link to={adminPaths.title.href(title._id)} className="font-medium text-white hover:underline">
                      {title.name}
                    </Link>
                    <p className="text-xs text-zinc-400">{title.slug}</p>
                  </div>
                </div>
              </td>
              <td className="px-3 py-2 capitalize">{title.kind}</td>
              <td className="px-3 py-2">{title.isEnable ? 'Published' : 'Draft'}</td>
              <td className="px-3 py-2">{title.isThirdParty ? 'Partner' : title.isFree ? 'Free' : title.rentPrice !== null ? `Rent $${title.rentPrice.toFixed(2)}` : 'Subscribers'}</td>
              <td className="px-3 py-2">{videoLabel[title.video]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
