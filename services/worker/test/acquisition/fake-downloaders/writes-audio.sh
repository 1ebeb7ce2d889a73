#!/usr/bin/env bash
# Fake downloader: a real audio file made with ffmpeg (a sine), like deemix writes a track.
# Args: URL OUTDIR BITRATE CONFIGDIR TRACE SECONDS FORMAT(mp3|flac)
set -euo pipefail
url=$1 outdir=$2 bitrate=$3 configdir=$4 trace=$5 seconds=$6 format=$7
arl=$(cat "$configdir/.arl")
printf 'url=%s\nbitrate=%s\nconfigdir=%s\narl=%s\nhome=%s\n' "$url" "$bitrate" "$configdir" "$arl" "$HOME" >"$trace"
echo "Logging in with $arl"
mkdir -p "$outdir/Moontan"
ffmpeg -nostdin -loglevel error -f lavfi -i "sine=frequency=440:duration=$seconds" -ac 1 -ar 22050 \
  $([ "$format" = mp3 ] && echo "-c:a libmp3lame -b:a 32k" || echo "-c:a flac") \
  "$outdir/Moontan/Golden Earring - Radar Love.$format"
echo "All done!"
