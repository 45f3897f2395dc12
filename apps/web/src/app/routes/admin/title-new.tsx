import { useNavigate } from 'react-router';
import { adminPaths } from '@/config/admin-paths';
import { useCreateTitle } from '@/features/admin/api/save-title';
import { TitleForm } from '@/features/admin/components/title-form';

/** A new movie or series, created as a draft unless published here; then its page for artwork and episodes. */
export function Component() {
  const create = useCreateTitle();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">New title</h1>
      <TitleForm
        onSave={async (values) => {
          const title = await create.mutateAsync(values);
          await navigate(adminPaths.title.href(title._id), { state: { created: true } });
        }}
      />
    </div>
  );
}
