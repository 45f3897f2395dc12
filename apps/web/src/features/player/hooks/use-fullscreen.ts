import { useEffect, useState } from 'react';

/** Fullscreen of the player's frame (so the custom controls stay), and picture-in-picture of the video. */
export function useFullscreen(options: { frame: HTMLElement | null; video: HTMLVideoElement | null }) {
  const { frame, video } = options;
  const [fullscreen, setFullscreen] = useState(false);
  const [pictureInPicture, setPictureInPicture] = useState(false);

  useEffect(() => {
    const onFullscreen = () => setFullscreen(frame !== null && document.fullscreenElement === frame);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [frame]);

  useEffect(() => {
    if (!video) return;
    const enter = () => setPictureInPicture(true);
    const leave = () => setPictureInPicture(false);
    video.addEventListener('enterpictureinpicture', enter);
    video.addEventListener('leavepictureinpicture', leave);
    return () => {
      video.removeEventListener('enterpictureinpicture', enter);
      video.removeEventListener('leavepictureinpicture', leave);
    };
  }, [video]);

  const toggleFullscreen = () => {
    if (!frame) return;
    const request = document.fullscreenElement ? document.exitFullscreen() : frame.requestFullscreen?.();
    // Refused (no gesture, or an iframe without permission): the page simply stays as it is.
    void request?.catch(() => undefined);
  };

  const togglePictureInPicture = () => {
    if (!video) return;
    const request = document.pictureInPictureElement ? document.exitPictureInPicture() : video.requestPictureInPicture();
    void request.catch(() => undefined);
  };

  return {
    fullscreen,
    pictureInPicture,
    canFullscreen: typeof document !== 'undefined' && document.fullscreenEnabled === true,
    canPictureInPicture: typeof document !== 'undefined' && document.pictureInPictureEnabled === true,
    toggleFullscreen,
    togglePictureInPicture,
  };
}
