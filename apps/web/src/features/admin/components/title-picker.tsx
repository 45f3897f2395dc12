import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from './fields';
import { useTitles } from '../api/get-titles';

interface TitlePickerProps {
  /** Names the picker ("Add a title to Popular"). */
  label: string;
  /** Titles already chosen are not offered again. */
  exclude?: string[];
  onPick: (titleId: string) => void;
  disabled?: boolean;
}

/** Search the catalogue by name and pick a title. */
export function TitlePicker({ label, exclude = [], onPick, disabled = false }: TitlePickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const titles = useTitles({ search: search.trim() || undefined, page: 1, pageSize: 8 });
  const offered = (titles.data?.items ?? []).filter((title) => !exclude.includes(title._id));

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input id={id} type="search" placeholder="Search titles" value={search} onChange={(event) => setSearch(event.target.value)} className={controlClass} disabled={disabled} />
      {search.trim() !== '' && (
        <ul aria-label="Matching titles" className="flex flex-col gap-1">
          {offered.length === 0 && !titles.isPending && <li className="text-sm text-zinc-400">No titles match.</li>}
          {offered.map((title) => (
            <li key={title._id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {title.name} <span className="text-xs text-zinc-400">({title.kind}{title.isEnable ? '' : ', draft'})</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={disabled}
                aria-label={`Add ${title.name}`}
                onClick={() => {
                  onPick(title._id);
                  setSearch('');
                }}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
