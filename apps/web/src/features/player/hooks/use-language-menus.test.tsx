import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SUBTITLES_OFF, useLanguageMenus } from './use-language-menus';

const renditions = {
  audio: { tracks: [{ index: 0, lang: 'en', label: 'English' }, { index: 1, lang: 'es', label: 'Español' }], selected: 0 },
  subtitles: { tracks: [{ index: 0, lang: 'en', label: 'English' }, { index: 1, lang: 'es', label: 'Español' }], selected: -1 },
};
const sidecars = [
  { lang: 'en', label: 'English', src: '/media/a/subtitles/en.vtt' },
  { lang: 'es', label: 'Español', src: '/media/a/subtitles/es.vtt' },
];

function menus(options: Partial<Parameters<typeof useLanguageMenus>[0]> = {}) {
  const choose = { selectAudio: vi.fn(), selectSubtitle: vi.fn(), onLanguageChange: vi.fn() };
  const { result } = renderHook(() => useLanguageMenus({ video: null, engine: 'hls.js', ...renditions, sidecars, ...choose, ...options }));
  return { result, ...choose };
}

describe('useLanguageMenus', () => {
  it('lists the audio renditions hls.js reports, and remembers the language chosen', () => {
    const { result, selectAudio, onLanguageChange } = menus();
    expect(result.current.audio).toMatchObject({ label: 'English', selected: '0', options: [{ value: '0', label: 'English' }, { value: '1', label: 'Español' }] });
    act(() => result.current.audio.onSelect('1'));
    expect(selectAudio).toHaveBeenCalledWith(1);
    expect(onLanguageChange).toHaveBeenCalledWith({ audioLanguage: 'es' });
  });

  it('turns hls.js subtitles on and off, renders no <track> of its own then, and remembers "off" as none', () => {
    const { result, selectSubtitle, onLanguageChange } = menus();
    expect(result.current.sidecars).toEqual([]);
    expect(result.current.subtitles).toMatchObject({ label: 'Off', selected: SUBTITLES_OFF });
    act(() => result.current.subtitles.onSelect('1'));
    expect(selectSubtitle).toHaveBeenLastCalledWith(1);
    expect(onLanguageChange).toHaveBeenLastCalledWith({ subtitleLanguage: 'es' });
    act(() => result.current.subtitles.onSelect(SUBTITLES_OFF));
    expect(selectSubtitle).toHaveBeenLastCalledWith(-1);
    expect(onLanguageChange).toHaveBeenLastCalledWith({ subtitleLanguage: null });
  });

  it("with the browser's own HLS, offers the subtitle files and starts in the profile's language", () => {
    const { result } = menus({ engine: 'native', audio: { tracks: [], selected: -1 }, languages: { audioLanguage: null, subtitleLanguage: 'es' } });
    expect(result.current.sidecars).toHaveLength(2);
    expect(result.current.audio.options).toEqual([]);
    expect(result.current.subtitles).toMatchObject({ label: 'Español', selected: 'es' });
  });
});
