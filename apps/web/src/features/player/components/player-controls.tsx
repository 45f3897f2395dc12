import { Captions, Languages, Maximize, Minimize, Pause, PictureInPicture2, Play, Settings, Volume1, Volume2, VolumeX } from 'lucide-react';
import type { ChoiceMenu } from '../hooks/use-language-menus';
import type { MediaState } from '../hooks/use-media-state';
import { AUTO_LEVEL, type QualityLevel } from '../hooks/use-hls-playback';
import { formatTime } from '../utils/format-time';
import type { ThumbnailCue } from '../utils/vtt-thumbnails';
import { controlButtonClass, PlayerMenu } from './player-menu';
import { SeekBar } from './seek-bar';

export interface PlayerControlsProps {
  media: MediaState;
  thumbnails: readonly ThumbnailCue[];
  quality: { levels: QualityLevel[]; selected: number; playing: number; onSelect: (index: number) => void };
  /** Audio languages and subtitles: each menu appears when it offers a choice. */
  audio: ChoiceMenu;
  subtitles: ChoiceMenu;
  screen: {
    fullscreen: boolean;
    canFullscreen: boolean;
    canPictureInPicture: boolean;
    onFullscreen: () => void;
    onPictureInPicture: () => void;
  };
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
}

/** The control bar under the picture. Menus appear only when there is a choice to make. */
export function PlayerControls(props: PlayerControlsProps) {
  const { media, quality, audio, subtitles, screen } = props;
  const silent = media.muted || media.volume === 0;
  const VolumeIcon = silent ? VolumeX : media.volume < 0.5 ? Volume1 : Volume2;
  const playingHeight = quality.levels.find((level) => level.index === quality.playing)?.height;
  const qualityLabel = quality.selected === AUTO_LEVEL ? `Auto${playingHeight ? ` (${playingHeight}p)` : ''}` : `${heightOf(quality)}p`;

  return (
    <div className="space-y-1 bg-linear-to-t from-black/90 via-black/60 to-transparent px-3 pt-6 pb-2">
      <SeekBar currentTime={media.currentTime} duration={media.duration} bufferedEnd={media.bufferedEnd} thumbnails={props.thumbnails} onSeek={props.onSeek} />
      <div className="flex items-center gap-1 text-white">
        <button type="button" aria-label={media.paused ? 'Play' : 'Pause'} onClick={props.onTogglePlay} className={controlButtonClass}>
          {media.paused ? <Play aria-hidden="true" className="size-5 fill-current" /> : <Pause aria-hidden="true" className="size-5 fill-current" />}
        </button>
        <button type="button" aria-label={silent ? 'Unmute' : 'Mute'} onClick={props.onToggleMute} className={controlButtonClass}>
          <VolumeIcon aria-hidden="true" className="size-5" />
        </button>
        <input
          type="range"
          aria-label="Volume"
          aria-valuetext={`${Math.round((media.muted ? 0 : media.volume) * 100)}%`}
          min={0}
          max={1}
          step={0.05}
          value={media.muted ? 0 : media.volume}
          onChange={(event) => props.onVolume(Number(event.target.value))}
          className="hidden w-20 accent-amber-400 sm:block"
        />
        <span className="ml-2 text-xs text-zinc-200 tabular-nums sm:text-sm">
          {formatTime(media.currentTime)} / {formatTime(media.duration)}
        </span>
        <span className="flex-1" />
        {[
          { title: 'Audio', menu: audio, icon: <Languages aria-hidden="true" className="size-5" /> },
          { title: 'Subtitles', menu: subtitles, icon: <Captions aria-hidden="true" className="size-5" /> },
        ].map(
          ({ title, menu, icon }) =>
            menu.options.length > 1 && (
              <PlayerMenu
                key={title}
                label={`${title}: ${menu.label}`}
                title={title}
                icon={icon}
                options={menu.options}
                value={menu.selected}
                onSelect={menu.onSelect}
              />
            ),
        )}
        {quality.levels.length > 1 && (
          <PlayerMenu
            label={`Quality: ${qualityLabel}`}
            title="Quality"
            icon={<Settings aria-hidden="true" className="size-5" />}
            options={[
              { value: String(AUTO_LEVEL), label: 'Auto' },
              ...[...quality.levels].sort((a, b) => b.height - a.height).map((level) => ({ value: String(level.index), label: `${level.height}p` })),
            ]}
            value={String(quality.selected)}
            onSelect={(value) => quality.onSelect(Number(value))}
          />
        )}
        {screen.canPictureInPicture && (
          <button type="button" aria-label="Picture in picture" onClick={screen.onPictureInPicture} className={controlButtonClass}>
            <PictureInPicture2 aria-hidden="true" className="size-5" />
          </button>
        )}
        {screen.canFullscreen && (
          <button type="button" aria-label={screen.fullscreen ? 'Exit full screen' : 'Full screen'} onClick={screen.onFullscreen} className={controlButtonClass}>
            {screen.fullscreen ? <Minimize aria-hidden="true" className="size-5" /> : <Maximize aria-hidden="true" className="size-5" />}
          </button>
        )}
      </div>
    </div>
  );
}

function heightOf(quality: PlayerControlsProps['quality']): number | undefined {
  return quality.levels.find((level) => level.index === quality.selected)?.height;
}
