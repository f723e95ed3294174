#!/bin/sh
# Records browser-glide.mp4: browser-list.html drawn by Chromium (from Debian's packages) at
# 320x568 CSS px, @1x, captured from an X server by FFmpeg's x11grab at 60 fps. The page scrolls
# itself: rest, a 0.2 s drag at V0 px/s, then a glide v(t) = V0·RATE^(1000 t), to rest.
#   sh Assets/recordings/record-browser.sh [OUT.mp4] [RATE] [V0]
# Needs chromium, Xvfb, xdotool and ffmpeg. Uses display :58 and a scratch profile in /tmp.
set -eu
out=${1:-browser-glide.mp4}; rate=${2:-0.997}; v0=${3:-2000}
page="file://$(cd "$(dirname "$0")" && pwd)/browser-list.html?rate=$rate&v0=$v0&wait=0.3"
profile=$(mktemp -d)
Xvfb :58 -screen 0 640x800x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $chrome $xvfb 2>/dev/null; rm -rf "$profile"' EXIT
sleep 1
# --test-type hides the bar that --no-sandbox (needed as root) would show over the page.
DISPLAY=:58 chromium --no-sandbox --test-type --user-data-dir="$profile" --no-first-run --disable-gpu \
  --force-device-scale-factor=1 --window-position=0,0 --window-size=320,568 --app="$page" >/dev/null 2>&1 & chrome=$!
sleep 6
# Reload, so that the scripted gesture starts 1.8 s later; record from just before it.
DISPLAY=:58 xdotool search --name "browser-list" key F5
sleep 1.3
ffmpeg -y -loglevel error -f x11grab -draw_mouse 0 -framerate 60 -video_size 320x568 -i :58+0,0 -t 3.2 \
  -c:v libx264 -preset veryslow -crf 20 -pix_fmt yuv420p -movflags +faststart "$out"
