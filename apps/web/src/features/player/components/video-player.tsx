import type { Movie, VideoMarkers } from '@marquee/contract';
import { Play, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useHlsPlayback } from '../hooks/use-hls-playback';
import type { LanguagePreference } from '../hooks/use-hls-tracks';
import { useLanguageMenus } from '../hooks/use-language-menus';
import { useMediaState } from '../hooks/use-media-state';
import { playerKeyHandler } from '../hooks/use-player-shortcuts';
import { useProgressReporter, type PlaybackSample } from '../hooks/use-progress-reporter';
import { useThumbnailCues } from '../hooks/use-thumbnail-cues';
import { formatTime } from '../utils/format-time';
import { withPrefix } from '../utils/signed-link';
import { seekTo, setVolume, toggleMute } from '../utils/media-commands';
import { PlayerControls } from './player-controls';
import { PlayerPoster } from './player-poster';
import { SkipButton, skippableRange } from './skip-button';
import { StreamLimit } from './stream-limit';

export interface VideoPlayerProps {
  /** HLS master playlist. */
  src: string;
  poster: string;
  /** Accessible name of the video, e.g. 'The Long Night trailer'. */
  label: string;
  /** The title (movie or series) the video plays for: the server's access decision and stream slot. */
  titleId?: string;
  thumbnails?: string | null;
  subtitles?: Movie['subtitles'];
  /** The profile's audio and subtitle languages: the player starts in them when the video has them. */
  languages?: LanguagePreference;
  /** A language chosen in the player's menus, to remember for the next title. */
  onLanguageChange?: (change: Partial<LanguagePreference>) => void;
  /** Intro and recap ranges (Skip buttons) and where the credits start (the end overlay appears there). */
  markers?: VideoMarkers | null;
  /** Seconds to start from (resume). */
  startAt?: number;
  autoPlay?: boolean;
  /** Fetch nothing of the stream until Play (a rental's viewing window opens with the first fetch). */
  holdUntilPlay?: boolean;
  /** The big start button's words: 'Play' for the title itself, 'Play trailer' for its trailer. */
  playLabel?: string;
  /** A line under the start button, e.g. when a rental's clock starts. */
  startNote?: ReactNode;
  /** Take the keyboard focus when it appears (the start button, else the player), e.g. after a choice below. */
  focusOnMount?: boolean;
  /** Where the viewer is, every ~10 s while playing and on pause, end and leave. */
  onSample?: (sample: PlaybackSample) => void;
  onEnded?: () => void;
  /** Drawn over the picture once the credits start, or the video has ended (e.g. the next-episode countdown). */
  endOverlay?: ReactNode;
}

/** The HLS player with its own controls, keyboard shortcuts, buffering and error states. */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, poster, label, subtitles = [], startAt = 0, autoPlay = false, playLabel = 'Play', focusOnMount = false, onEnded } = props;
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  // Read when the player appears only: later renders must not pull the focus back.
  const focusWhenShown = useRef(focusOnMount);
  const autoPlayAtFirst = useRef(autoPlay);
  const media = useMediaState(video);
  const playback = useHlsPlayback({ video, src, titleId: props.titleId, startAt, autoPlay, holdUntilPlay: props.holdUntilPlay, languages: props.languages });
  const menus = useLanguageMenus({
    video,
    engine: playback.engine,
    audio: playback.audio,
    subtitles: playback.subtitles,
    selectAudio: playback.selectAudio,
    selectSubtitle: playback.selectSubtitle,
    sidecars: subtitles,
    languages: props.languages,
    onLanguageChange: props.onLanguageChange,
  });
  const screen = useFullscreen({ frame, video });
  const cues = useThumbnailCues({ track: props.thumbnails, enabled: media.started });
  // Subtitles and the preview sprite follow the renewed link, so turning them on late still works.
  const { renewed } = playback;
  const thumbnails = useMemo(() => cues.map((cue) => ({ ...cue, image: withPrefix(cue.image, renewed) })), [cues, renewed]);
  useProgressReporter({ video, onSample: props.onSample });

  useEffect(() => {
    if (!focusWhenShown.current || !frame) return;
    // The page scrolls the player into view itself (with or without motion): focusing must not jump.
    // A player that starts by itself loses its start button at once: the player takes the focus then.
    (autoPlayAtFirst.current ? frame : (startButton.current ?? frame)).focus({ preventScroll: true });
  }, [frame]);

  useEffect(() => {
    if (!video || !onEnded) return;
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [video, onEnded]);

  const togglePlay = () => {
    if (!video) return;
    if (video.paused || video.ended) playback.play();
    else video.pause();
  };
  const seek = (seconds: number) => video && seekTo(video, seconds);
  const changeVolume = (volume: number) => video && setVolume(video, volume);
  const mute = () => video && toggleMute(video);

  const onKeyDown = playerKeyHandler({
    togglePlay,
    seekBy: (seconds) => seek((video?.currentTime ?? 0) + seconds),
    changeVolume: (delta) => changeVolume((video?.muted ? 0 : (video?.volume ?? 1)) + delta),
    toggleMute: mute,
    toggleFullscreen: screen.toggleFullscreen,
  });

  const showControls = media.started && !playback.error;
  const skip = showControls ? skippableRange(props.markers, media.currentTime) : null;
  const creditsStart = props.markers?.creditsStart ?? null;
  const atCredits = media.started && creditsStart !== null && media.currentTime >= creditsStart;

  return (
    <div
      ref={setFrame}
      role="region"
      aria-label={`${label} player`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="group/player relative aspect-video max-h-[70vh] w-full overflow-hidden bg-black outline-none"
    >
      <video
        ref={setVideo}
        playsInline
        preload="none"
        aria-label={label}
        onClick={togglePlay}
        onDoubleClick={screen.toggleFullscreen}
        className="h-full w-full object-contain"
      >
        {menus.sidecars.map((track) => (
          <track key={track.lang} kind="subtitles" src={withPrefix(track.src, renewed)} srcLang={track.lang} label={track.label} />
        ))}
      </video>
      <PlayerPoster video={video} src={poster} />

      {!media.started && !playback.error && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/20 p-4 text-center">
          <button
            ref={startButton}
            type="button"
            onClick={playback.play}
            className="inline-flex items-center gap-3 rounded-full bg-amber-400 px-6 py-3 text-base font-semibold text-zinc-950 shadow-lg hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Play aria-hidden="true" className="size-6 fill-current" />
            {startAt > 0 ? `Resume from ${formatTime(startAt)}` : playLabel}
          </button>
          {props.startNote && <p className="max-w-sm rounded-md bg-black/70 px-3 py-1.5 text-sm text-white">{props.startNote}</p>}
        </div>
      )}

      {media.buffering && !playback.error && (
        <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span aria-hidden="true" className="size-12 animate-spin rounded-full border-4 border-white/20 border-t-amber-400" />
          <span className="sr-only">Loading video</span>
        </div>
      )}

      {playback.error && (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/80 p-6 text-center text-white">
          <p>{playback.error}</p>
          {playback.streams && playback.streams.length > 0 && <StreamLimit streams={playback.streams} onStopped={playback.retry} />}
          <button
            type="button"
            onClick={playback.retry}
            className="inline-flex items-center gap-2 rounded-md bg-white/15 px-4 py-2 font-semibold ring-1 ring-white/25 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </button>
        </div>
      )}

      {skip && !media.ended && <SkipButton label={skip.label} onSkip={() => seek(skip.end)} />}

      {(media.ended || atCredits) && props.endOverlay}

      {showControls && (
        <div
          className={cn(
            'absolute inset-x-0 bottom-0 transition-opacity duration-200',
            media.paused ? 'opacity-100' : 'opacity-0 group-hover/player:opacity-100 group-focus-within/player:opacity-100',
          )}
        >
          <PlayerControls
            media={media}
            thumbnails={thumbnails}
            quality={{ levels: playback.levels, selected: playback.selectedLevel, playing: playback.playingLevel, onSelect: playback.selectLevel }}
            audio={menus.audio}
            subtitles={menus.subtitles}
            screen={{
              fullscreen: screen.fullscreen,
              canFullscreen: screen.canFullscreen,
              canPictureInPicture: screen.canPictureInPicture,
              onFullscreen: screen.toggleFullscreen,
              onPictureInPicture: screen.togglePictureInPicture,
            }}
            onTogglePlay={togglePlay}
            onSeek={seek}
            onVolume={changeVolume}
            onToggleMute={mute}
          />
        </div>
      )}
    </div>
  );
}
