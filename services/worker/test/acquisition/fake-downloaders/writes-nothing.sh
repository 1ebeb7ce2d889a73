#!/usr/bin/env bash
# Fake downloader: logs in, says it failed, writes nothing and exits 0 (as deemix does).
# Args: URL OUTDIR BITRATE CONFIGDIR TRACE
printf 'configdir=%s\n' "$4" >"$5"
echo "Logging in with $(cat "$4/.arl")"
echo "Track not available: ${1##*/}" >&2
exit 0
