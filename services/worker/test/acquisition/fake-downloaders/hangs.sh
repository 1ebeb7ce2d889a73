#!/usr/bin/env bash
# Fake downloader: never finishes, and leaves a child of its own running.
# Args: URL OUTDIR BITRATE CONFIGDIR TRACE
sleep 300 &
printf 'configdir=%s\nchild=%s\n' "$4" "$!" >"$5"
echo "Downloading..."
sleep 300
