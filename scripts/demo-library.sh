#!/usr/bin/env bash
# Fills an empty station library folder with made-up demo songs, so the built-in station has
# something to play and listeners something to request: short MP3s (a chord progression each, in
# its own key and tempo), tagged with artist, title and album, named "Artist - Title.mp3".
#   scripts/demo-library.sh DIR               the rotation (LIBRARY_DIR): DEMO_TRACK_COUNT songs
#                                             (default 12, at most 12)
#   scripts/demo-library.sh DIR request-only  the request-only songs (REQUEST_LIBRARY_DIR):
#                                             DEMO_REQUEST_TRACK_COUNT (default 6, at most 6),
#                                             by other artists than the rotation's, so a new
#                                             listener can request them at once under the default
#                                             cooldowns ("Zomeravond aan Zee" makes a good typo
#                                             search: "zomeravnd")
# Songs of about DEMO_TRACK_SECONDS (default 50; each song 80–120 % of it, so tracks change
# within a minute or two). Does nothing when DIR already holds audio files.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

DIR=${1:?usage: $0 DIR [rotation|request-only]}
SET=${2:-rotation}
case $SET in
  rotation) COUNT=${DEMO_TRACK_COUNT:-12} ;;
  request-only) COUNT=${DEMO_REQUEST_TRACK_COUNT:-6} ;;
  *) die "usage: $0 DIR [rotation|request-only]" ;;
esac
SECONDS_EACH=${DEMO_TRACK_SECONDS:-50}
[[ $COUNT =~ ^[0-9]+$ && $SECONDS_EACH =~ ^[0-9]+$ && $SECONDS_EACH -ge 4 ]] ||
  die "DEMO_TRACK_COUNT and DEMO_TRACK_SECONDS (>= 4) must be whole numbers"

mkdir -p "$DIR"
if find "$DIR" -type f \( -iname '*.mp3' -o -iname '*.ogg' -o -iname '*.opus' -o -iname '*.flac' \
  -o -iname '*.m4a' -o -iname '*.aac' -o -iname '*.wav' \) -print -quit | grep -q .; then
  exit 0
fi
command -v ffmpeg >/dev/null || die "ffmpeg not found: install the ffmpeg package"

# artist|title|album|root frequency (Hz)|beats per minute
ROTATION=(
  "De Polderjongens|Fietsen in de regen|Tegenwind|261.63|96"
  "Femke de Wit|Zomer aan het IJ|Grachtengoud|293.66|104"
  "Kees van Dijk & de Dijkwerkers|Dijk van een dag|Tegenwind|329.63|120"
  "Sanne Veenstra|Wolken boven Woudrichem|Lage Landen|220.00|84"
  "Het Grachtenorkest|Stroopwafelblues|Grachtengoud|246.94|72"
  "Bram Visser|Haring en hoop|Zilte Zaken|196.00|110"
  "Lotte Hoekstra|Dansen op de Dam|Lage Landen|349.23|124"
  "Jansen & Jansen|Zondag in Zaandam|Zilte Zaken|277.18|92"
  "Mevrouw Molenaar|Molens in de mist|Lage Landen|233.08|76"
  "De Tulpenband|Klompendans|Grachtengoud|311.13|132"
  "Duo Dwarsligger|Het laatste pontje|Zilte Zaken|207.65|88"
  "Ruud Brink|Tegenwind op de Afsluitdijk|Tegenwind|185.00|100"
)
REQUEST_ONLY=(
  "Anneke Bosman|Zomeravond aan Zee|Kustlicht|261.63|90"
  "De Kanaalkoning|Brug over de Vecht|Waterwegen|293.66|100"
  "Lieke Mulder|Sneeuw op de Veluwe|Winterstil|220.00|80"
  "Hendrik & de Hooiberg|Trekker op de dijk|Boerenrock|329.63|128"
  "Tessa van Leeuwen|Lichtjes van Leeuwarden|Noorderlicht|246.94|96"
  "Orkest De Vliegende Hollander|Wind in de zeilen|Waterwegen|196.00|112"
)
if [ "$SET" = request-only ]; then SONGS=("${REQUEST_ONLY[@]}"); else SONGS=("${ROTATION[@]}"); fi
[ "$COUNT" -le ${#SONGS[@]} ] || COUNT=${#SONGS[@]}

# One song: I–V–vi–IV in the song's key, a chord a bar of 4 beats, each beat plucked (a fast
# attack, then a decay to near silence, so beats join without clicks). ffmpeg computes one cycle
# of 4 bars and loops it: computing every sample of the whole song is ~100 times slower.
make_song() {
  local artist=$1 title=$2 album=$3 root=$4 bpm=$5 length=$6
  local beat bar samples expression
  beat=$(awk "BEGIN { printf \"%.5f\", 60 / $bpm }")
  bar=$(awk "BEGIN { printf \"%.5f\", 4 * $beat }")
  samples=$(awk "BEGIN { printf \"%d\", 4 * $bar * 44100 }")
  # ld(0): ratio of the bar's chord root (I, V a fourth down, vi, IV a fifth down);
  # ld(1): phase of that root; ld(2): time into the beat.
  expression="st(0,if(lt(t,$bar),1,if(lt(t,2*$bar),0.7491,if(lt(t,3*$bar),0.8409,0.6674))))*0"
  expression+="+st(1,2*PI*$root*ld(0)*t)*0+st(2,mod(t,$beat))*0"
  expression+="+(1-exp(-60*ld(2)))*exp(-8*ld(2))"
  expression+="*(0.3*sin(ld(1))+0.2*sin(1.2599*ld(1))+0.16*sin(1.4983*ld(1))+0.1*sin(0.5*ld(1)))"
  ffmpeg -hide_banner -loglevel error -nostdin -y \
    -f lavfi -i "aevalsrc='$expression':s=44100:c=mono:d=$(awk "BEGIN { print 4 * $bar }")" \
    -af "aloop=loop=-1:size=$samples,atrim=duration=$length,pan=stereo|c0=c0|c1=c0,afade=t=in:d=1,afade=t=out:st=$((length - 3)):d=3" \
    -c:a libmp3lame -b:a 128k -ar 44100 -ac 2 -id3v2_version 3 \
    -metadata "artist=$artist" -metadata "title=$title" -metadata "album=$album" \
    -metadata "genre=Demo" "$DIR/.$artist - $title.mp3"
  # Complete files only: Liquidsoap watches the folder.
  mv "$DIR/.$artist - $title.mp3" "$DIR/$artist - $title.mp3"
}

say "making $COUNT demo songs ($SET) in $DIR"
pids=()
for ((i = 0; i < COUNT; i++)); do
  IFS='|' read -r artist title album root bpm <<<"${SONGS[$i]}"
  # 80 %, 90 %, ... 120 % of the length, in turn.
  length=$((SECONDS_EACH * (80 + (i % 5) * 10) / 100))
  [ "$length" -ge 4 ] || length=4
  make_song "$artist" "$title" "$album" "$root" "$bpm" "$length" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ $failed = 0 ] || die "ffmpeg could not make the demo songs"
ok "demo library ($SET): $COUNT songs in $DIR"
