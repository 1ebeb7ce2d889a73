#!/usr/bin/env bash
# Fake deemix CLI (bambanah/deemix packages/cli and PyPI deemix 3.6): deemix [--portable]
# [-b BITRATE] [-p PATH] URL. The config folder is ./config/ with --portable (the working
# folder), else $DEEMIX_DATA_DIR, else ~/.config/deemix; the ARL is read from its `.arl`, and
# without one the CLI asks on stdin and ends "Not logged in" (exit 1). Writes a short MP3.
set -euo pipefail
portable=0 outdir=${DEEMIX_MUSIC_DIR:-.}
while [ $# -gt 1 ]; do
  case $1 in
    --portable) portable=1; shift ;;
    -b) shift 2 ;;
    -p) outdir=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ "$portable" = 1 ]; then config=./config; else config=${DEEMIX_DATA_DIR:-$HOME/.config/deemix}; fi
if [ ! -s "$config/.arl" ]; then
  echo "Enter your ARL: "
  echo "Not logged in" >&2
  exit 1
fi
mkdir -p "$outdir"
ffmpeg -nostdin -loglevel error -f lavfi -i "sine=frequency=440:duration=6" -ac 1 -ar 22050 \
  -c:a libmp3lame -b:a 32k -metadata artist='Golden Earring' -metadata title='Radar Love' \
  "$outdir/Golden Earring - Radar Love.mp3"
