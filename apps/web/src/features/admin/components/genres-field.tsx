import { useState } from 'react';
import { TextField } from './fields';

interface GenresFieldProps {
  value: string[];
  onChange: (genres: string[]) => void;
  onBlur: () => void;
  error?: string;
}

/** Genres typed as a comma-separated list; the text stays as typed while the list follows it. */
export function GenresField({ value, onChange, onBlur, error }: GenresFieldProps) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      label="Genres"
      hint="Separated by commas, e.g. Drama, Comedy."
      value={text}
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(',')
            .map((genre) => genre.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
