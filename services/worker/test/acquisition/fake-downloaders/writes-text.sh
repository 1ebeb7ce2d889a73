#!/usr/bin/env bash
# Fake downloader: a text file named like an MP3.
# Args: URL OUTDIR BITRATE CONFIGDIR TRACE
printf 'configdir=%s\n' "$4" >"$5"
echo "dit is geen muziek" >"$2/Golden Earring - Radar Love.mp3"
