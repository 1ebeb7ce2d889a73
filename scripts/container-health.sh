#!/bin/bash
# The Node services' container health checks (installed in the image as radio-health), in bash
# rather than a second Node process: a check that starts Node (0.1–0.5 s and ~40 MB each time)
# could pass its time limit on a busy machine, and Swarm kills a task that fails its checks.
#   radio-health http PORT PATH      healthy when http://127.0.0.1:PORT/PATH answers 200
#   radio-health fresh FILE SECONDS  healthy when FILE was touched less than SECONDS ago
case ${1:-} in
  http)
    exec 3<>"/dev/tcp/127.0.0.1/$2" || exit 1
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$3" >&3
    IFS=' ' read -r -t 8 _ code _ <&3 && [ "$code" = 200 ]
    ;;
  fresh)
    modified=$(stat -c %Y "$2" 2>/dev/null) || exit 1
    [ $(($(date +%s) - modified)) -lt "$3" ]
    ;;
  *)
    echo "usage: radio-health http PORT PATH | fresh FILE SECONDS" >&2
    exit 2
    ;;
esac
